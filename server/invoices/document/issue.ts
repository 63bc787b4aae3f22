/**
 * Issuing an invoice document at payment (docs/invoices.md): the next number of its series and the frozen data
 * the PDF is drawn from, written in the payment's own transaction. The payment's update matches an unpaid
 * invoice only, so a payment event that arrives twice issues one document; the series row is raised in the same
 * transaction, so a payment that rolls back leaves no gap and two payments at once wait for each other.
 */
import type { Kysely } from 'kysely';
import { company } from '#domain/company';
import { deliveryLabel } from '#domain/catalogue/delivery';
import type { ServiceType } from '#domain/contract';
import type { BillingDetails } from '#domain/billingContract';
import type { Config } from '#server/config';
import type { Database } from '#server/db/schema';
import type { InvoiceDocumentData } from './data';
import { insertDocument, takeNumber } from './repository';

/** The seller and the numbering, as configured. */
export interface DocumentSettings {
  legalName: string;
  address: string[];
  companyNumber: string | null;
  vatNumber: string | null;
  vatRatePercent: number;
  numberPrefix: string;
}

export function documentSettings(config: Config): DocumentSettings {
  return {
    legalName: config.COMPANY_LEGAL_NAME,
    address: config.COMPANY_ADDRESS,
    companyNumber: config.COMPANY_NUMBER,
    vatNumber: config.VAT_NUMBER,
    vatRatePercent: config.VAT_RATE,
    numberPrefix: config.INVOICE_NUMBER_PREFIX,
  };
}

/**
 * A price that includes VAT, split into net and VAT (docs/decisions/0031-invoice-documents.md): the VAT is the
 * gross less the net rounded to the penny, so that net + VAT is always exactly what the customer paid.
 */
export function splitVat(grossPence: number, ratePercent: number) {
  const netPence = Math.round((grossPence * 100) / (100 + ratePercent));
  return { netPence, vatPence: grossPence - netPence, grossPence, vatRatePercent: ratePercent };
}

const yearFormat = new Intl.DateTimeFormat('en-GB', { year: 'numeric', timeZone: company.timeZone });

/** The series a document paid at `at` takes its number from: the prefix and the year in the company's zone. */
function seriesOf(prefix: string, at: Date, test: boolean): string {
  return `${test ? 'TEST-' : ''}${prefix}${yearFormat.format(at)}`;
}

export interface PaidInvoice {
  invoiceId: string;
  title: string;
  type: ServiceType;
  amountPence: number;
  createdAt: string;
  /** The account's name and address, and its billing details as they are at payment (none when not given). */
  buyer: { name: string; email: string; billing?: BillingDetails };
}

/** The buyer as the document names it: the billing details copied in, so a later change changes no document. */
function buyerOf({ name, email, billing }: PaidInvoice['buyer']): InvoiceDocumentData['buyer'] {
  return {
    name,
    email,
    billingName: billing?.billingName ?? null,
    address: billing?.address ? billing.address.split('\n') : [],
    vatNumber: billing?.vatNumber ?? null,
  };
}

/** Issues the paid invoice's document inside the payment's transaction; answers what it says. */
export async function issueInvoiceDocument(
  trx: Kysely<Database>,
  invoice: PaidInvoice,
  { at, test, settings }: { at: Date; test: boolean; settings: DocumentSettings },
): Promise<InvoiceDocumentData> {
  const series = seriesOf(settings.numberPrefix, at, test);
  const number = `${series}-${String(await takeNumber(trx, series)).padStart(6, '0')}`;
  const data: InvoiceDocumentData = {
    kind: settings.vatNumber ? 'invoice' : 'receipt',
    test,
    number,
    issuedAt: at.toISOString(),
    timeZone: company.timeZone,
    seller: {
      legalName: settings.legalName,
      address: settings.address,
      companyNumber: settings.companyNumber,
      vatNumber: settings.vatNumber,
      email: company.supportEmail,
    },
    buyer: buyerOf(invoice.buyer),
    item: {
      service: invoice.title,
      delivery: deliveryLabel(invoice.type),
      orderedAt: invoice.createdAt,
      paidAt: at.toISOString(),
    },
    // A seller not registered for VAT charges none: the whole price is the net.
    money: splitVat(invoice.amountPence, settings.vatNumber ? settings.vatRatePercent : 0),
    invoiceId: invoice.invoiceId,
  };
  await insertDocument(trx, invoice.invoiceId, data);
  return data;
}
