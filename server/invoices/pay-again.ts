/**
 * "Pay now" on an unpaid invoice: a fresh payment link, and the earlier one stops working (the provider's
 * renewPaymentLink). Only the invoice's owner may.
 */
import type { UserRow } from '../db/schema';
import { HttpError } from '../http/errors';
import type { Services } from '../services';
import { renewedPaymentLink } from './payment-link';
import { findInvoice } from './repository';

export const INVOICE_NOT_FOUND_TEXT = 'We could not find this invoice.';
export const ALREADY_PAID_TEXT = 'This invoice is already paid.';
export const OTHER_PROVIDER_TEXT =
  'This invoice was started with a payment service that is no longer in use. Please order the service again.';

/**
 * The renewed link, on `site` (the customer's origin, server/http/site-origin.ts); 404 for an invoice that is not
 * the user's, 409 when it is paid or of another provider.
 */
export async function payAgain(
  services: Pick<Services, 'db' | 'payments' | 'writes' | 'log'>,
  user: UserRow,
  invoiceId: string,
  site: string,
): Promise<string> {
  const invoice = await findInvoice(services.db, invoiceId);
  // Another customer's invoice is as unknown as a missing one: its existence is not told.
  if (!invoice || invoice.user_id !== user.id) throw new HttpError(404, INVOICE_NOT_FOUND_TEXT);
  if (invoice.paid === 1) throw new HttpError(409, ALREADY_PAID_TEXT);
  if (invoice.provider !== services.payments.name) throw new HttpError(409, OTHER_PROVIDER_TEXT);
  return renewedPaymentLink(services, invoice, user, site);
}
