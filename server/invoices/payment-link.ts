/** Asking the payment provider for an invoice's payment link, and keeping what it answers. */
import type { InvoiceRow, UserRow } from '../db/schema';
import { HttpError } from '../http/errors';
import type { Services } from '../services';
import { rememberPaymentLink } from './idempotency-repository';
import { setProviderRef } from './repository';

export const PAYMENT_UNAVAILABLE_TEXT =
  'The payment service could not be reached, so no payment was started. Please try again in a moment.';

type LinkServices = Pick<Services, 'payments' | 'writes' | 'log'>;

/**
 * A new invoice's link; its provider reference, and the link under the order's Idempotency-Key (when given),
 * kept for a retry. 502 when the provider fails. `site`: the origin the customer ordered from
 * (server/http/site-origin.ts).
 */
export async function newPaymentLink(
  { payments, writes, log }: LinkServices,
  invoice: InvoiceRow,
  user: UserRow,
  { key, site }: { key: string | null; site: string },
): Promise<string> {
  let link;
  try {
    link = await payments.createPaymentLink(invoice, user, site);
  } catch (error) {
    // The invoice stays, unpaid: if the provider did create a payment and only its answer was lost,
    // its confirmation still finds the invoice to mark paid.
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    log.logger.error({ invoiceId: invoice.id, provider: payments.name, reason }, 'no payment link');
    throw new HttpError(502, PAYMENT_UNAVAILABLE_TEXT);
  }
  if (link.reference !== null || key !== null) {
    await writes.run(async (trx) => {
      if (link.reference !== null) await setProviderRef(trx, invoice.id, link.reference);
      if (key !== null) await rememberPaymentLink(trx, user.id, key, link.url);
    });
  }
  return link.url;
}

/** A fresh link for an unpaid invoice (the provider's renewPaymentLink); 502 when the provider fails. */
export async function renewedPaymentLink(
  { payments, writes, log }: LinkServices,
  invoice: InvoiceRow,
  user: UserRow,
  site: string,
): Promise<string> {
  let link;
  try {
    link = await payments.renewPaymentLink(invoice, user, site);
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    log.logger.error({ invoiceId: invoice.id, provider: payments.name, reason }, 'no renewed payment link');
    throw new HttpError(502, PAYMENT_UNAVAILABLE_TEXT);
  }
  if (link.reference !== null) await writes.run((trx) => setProviderRef(trx, invoice.id, link.reference!));
  return link.url;
}
