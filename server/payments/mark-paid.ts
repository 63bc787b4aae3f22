/**
 * The one code path that marks an invoice paid, called by the sandbox checkout's Pay and by the Stripe
 * webhook alike. Idempotent and race-free: the update only matches an unpaid invoice, so of two payments
 * arriving at once exactly one wins, and the first paid_at is never overwritten.
 * The payment that wins also moves the order to paid through the order machine with its audit entry (no
 * actor: the customer's checkout or the provider did it) and notifies the customer, all in the same
 * transaction, where it also queues the customer's receipt and the office's mail of the new order (the durable
 * mail queue sends them once the transaction commits, retrying while the mail server is away).
 */
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import { addNotification, notificationTexts } from '../notifications/notifications';
import type { Database } from '../db/schema';
import { isServiceType } from '#domain/catalogue/delivery';
import type { ServiceType } from '#domain/contract';
import type { ServerLog } from '../log';
import { enqueueMail } from '../mail/queue';
import type { MailSender } from '../mail/sender';
import { receiptMail } from '../invoices/receipt-mail';
import { loadConfig } from '../config';
import type { InvoiceDocumentData } from '../invoices/document/data';
import { type DocumentSettings, documentSettings, issueInvoiceDocument } from '../invoices/document/issue';
import { keepPdf } from '../invoices/document/kept';
import { renderInvoicePdf } from '../invoices/document/pdf';
import { officeNewOrderMail } from '../mail/order-messages';
import { nextStatus } from '../orders/machine';
import { changeStatus } from '../orders/repository';
import { promiseDeadline } from '#machines/order.machine';
import type { ProviderName } from './provider';
import { type PaidInvoiceRow, findPaidInvoice, setPaid } from './repository';

export interface PaymentConfirmation {
  provider: ProviderName;
  /** The provider's id of the payment, when it has one; kept on the invoice. */
  reference: string | null;
  at: Date;
}

export interface PaidEffects {
  /** For the receipt's link to the invoices page and the office mail's link to the order. */
  publicUrl?: string;
  /** Where the new order is e-mailed (OFFICE_EMAIL); without it (or `mail`) the office gets no mail. */
  officeEmail?: string;
  /** Where the payment is recorded as a security event. */
  log?: ServerLog;
  /**
   * The mail queue's sender: with it, the receipt (and the office's mail) are queued in the payment's own
   * transaction and sent once it commits; without it no mail is written (the notification is, regardless).
   */
  mail?: Pick<MailSender, 'kick'>;
  /** The seller and the numbering of the invoice document issued at payment; default: the default configuration's. */
  documents?: DocumentSettings;
  /** Draws the document's PDF, kept as issued and attached to the receipt; default: in this thread (a test passes one that fails). */
  renderPdf?: (document: InvoiceDocumentData) => Promise<Uint8Array>;
}

/** The effects a payment route asks for, from the server's services. */
export function paidEffects(services: {
  mail: Pick<MailSender, 'kick'>;
  config: Config;
  log: ServerLog;
  threads: { draw(document: InvoiceDocumentData): Promise<Uint8Array> };
}): PaidEffects {
  const { mail, config, log, threads } = services;
  return {
    renderPdf: (document) => threads.draw(document),
    mail,
    publicUrl: config.PUBLIC_URL,
    officeEmail: config.OFFICE_EMAIL,
    log,
    documents: documentSettings(config),
  };
}

/** For a caller that names no settings (tests, scripts): what a server with no variables set would use. */
function defaultDocumentSettings(): DocumentSettings {
  return documentSettings(loadConfig({}));
}

/** Per invoice, the tail of the confirmations this process is applying to it. */
const applying = new Map<string, Promise<unknown>>();

/**
 * Runs `work` once every earlier call for the same invoice in this process has finished, so that of two
 * confirmations arriving at one instance together the first wins, with its time. Without it, which one's
 * update reached PostgreSQL first depended on which pool connection answered first.
 */
function inArrivalOrder<T>(invoiceId: string, work: () => Promise<T>): Promise<T> {
  const result = (applying.get(invoiceId) ?? Promise.resolve()).then(work, work);
  const tail = result.then(
    () => {},
    () => {},
  );
  applying.set(invoiceId, tail);
  void tail.then(() => {
    if (applying.get(invoiceId) === tail) applying.delete(invoiceId);
  });
  return result;
}

/** True when this call marked the invoice paid; false when it was already paid or does not exist. */
export async function markInvoicePaid(
  db: Kysely<Database>,
  invoiceId: string,
  confirmation: PaymentConfirmation,
  effects: PaidEffects = {},
): Promise<boolean> {
  const { provider, reference } = confirmation;
  const apply = (trx: Kysely<Database>) => applyPayment(trx, invoiceId, confirmation, effects);
  // The Stripe webhook calls this inside its own transaction (SQLite has no nested ones).
  const paid = db.isTransaction
    ? await apply(db)
    : await inArrivalOrder(invoiceId, () => db.transaction().execute(apply));
  if (!paid) return false;
  effects.log?.security('payment.paid', { invoiceId, userId: paid.user_id, provider, reference });

  // After the caller's transaction has committed (the webhook's commits right after this returns).
  if (effects.mail) setImmediate(() => effects.mail?.kick());
  return true;
}

/** The payment's changes, in its transaction; null when the invoice was paid already (or does not exist). */
async function applyPayment(
  trx: Kysely<Database>,
  invoiceId: string,
  { provider, reference, at }: PaymentConfirmation,
  effects: PaidEffects,
): Promise<PaidInvoiceRow | null> {
  if (!(await setPaid(trx, invoiceId, { provider, reference, at }))) return null;
  const paid = await findPaidInvoice(trx, invoiceId);
  if (!isServiceType(paid.type)) throw new Error(`Invoice ${invoiceId} has an unknown delivery type.`);
  // The invoice was unpaid, so its order awaits payment and the machine allows this; it is asked all the
  // same, so that no path changes an order's status without it.
  const event = { type: 'order.paid', at: at.toISOString() } as const;
  const order = { status: paid.status, type: paid.type, paidAt: null, scheduledAt: null };
  const to = nextStatus(order, event);
  const note =
    provider === 'sandbox' ? 'Paid in the sandbox checkout (test mode: no money moved).' : 'Paid through Stripe.';
  const moved = await changeStatus(trx, { invoiceId, from: paid.status, to, actor: null, note, now: at });
  if (!moved) throw new Error(`The order of invoice ${invoiceId} changed while it was being paid.`);
  await addNotification(trx, {
    userId: paid.user_id,
    kind: 'invoice_paid',
    text: notificationTexts.invoicePaid(paid.title, paid.amount_pence),
    now: at,
  });
  const document = await issueDocument(trx, invoiceId, { ...paid, type: paid.type }, at, provider, effects);
  // Drawn once, here, and kept with the document: every download serves these bytes (docs/invoices.md).
  const pdf = await drawnPdf(document, invoiceId, effects);
  if (pdf) await keepPdf(trx, invoiceId, pdf);
  if (effects.mail)
    await queuePaymentMail(trx, invoiceId, { ...paid, type: paid.type }, document, pdf, at, provider, effects);
  return paid;
}

/** Issues the paid invoice's document, naming the buyer with the billing details they have at payment. */
function issueDocument(
  trx: Kysely<Database>,
  invoiceId: string,
  paid: PaidInvoiceRow & { type: ServiceType },
  at: Date,
  provider: ProviderName,
  effects: PaidEffects,
): Promise<InvoiceDocumentData> {
  return issueInvoiceDocument(
    trx,
    {
      invoiceId,
      title: paid.title,
      type: paid.type,
      amountPence: paid.amount_pence,
      createdAt: paid.created_at,
      buyer: {
        name: paid.name,
        email: paid.email,
        billing: {
          billingName: paid.billing_name,
          address: paid.billing_address,
          vatNumber: paid.billing_vat_number,
        },
      },
    },
    { at, test: provider === 'sandbox', settings: effects.documents ?? defaultDocumentSettings() },
  );
}

/**
 * The document's PDF, drawn at payment (in the drawing threads, about 0.1 s) so that it is kept, and queued with
 * the receipt, in the payment's transaction (docs/decisions/0031-invoice-documents.md). A drawing that fails must
 * not undo a payment the provider has taken: the receipt then goes without it, the document is drawn and kept on
 * its first download instead, and the failure is logged.
 */
async function drawnPdf(
  document: InvoiceDocumentData,
  invoiceId: string,
  effects: PaidEffects,
): Promise<Uint8Array | undefined> {
  try {
    return await (effects.renderPdf ?? renderInvoicePdf)(document);
  } catch (error) {
    effects.log?.logger.error(
      { err: error, invoiceId, number: document.number },
      'the invoice document could not be drawn for the receipt; the receipt is sent without it',
    );
    return undefined;
  }
}

/** Queues the customer's receipt and, with OFFICE_EMAIL, the office's mail of the new order. */
async function queuePaymentMail(
  trx: Kysely<Database>,
  invoiceId: string,
  paid: { email: string; name: string; title: string; type: ServiceType; url: string; amount_pence: number },
  document: InvoiceDocumentData,
  pdf: Uint8Array | undefined,
  at: Date,
  provider: ProviderName,
  effects: PaidEffects,
): Promise<void> {
  const publicUrl = effects.publicUrl ?? '';
  const order = { title: paid.title, type: paid.type, url: paid.url, amountPence: paid.amount_pence, paidAt: at };
  const receipt = receiptMail({ to: paid.email, name: paid.name, ...order, publicUrl, document, pdf });
  await enqueueMail(trx, receipt, { kind: 'payment receipt', now: at });
  if (!effects.officeEmail) return;
  const office = officeNewOrderMail({
    to: effects.officeEmail,
    invoiceId,
    customer: { name: paid.name, email: paid.email },
    ...order,
    deadline: promiseDeadline(at.toISOString()),
    provider,
    publicUrl,
  });
  await enqueueMail(trx, office, { kind: 'new order (office)', now: at });
}
