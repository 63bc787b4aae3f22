/**
 * The sandbox checkout's checks: a request names its invoice and carries the link's signature, which binds the
 * invoice to its owner. A forged link gets a 403 page, an unknown invoice a 404 page, a replaced link a 410 page.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { InvoiceRow } from '../db/schema';
import { readFormWithin } from '../http/body-read';
import { clientAborted } from '../http/client-aborted';
import { siteOrigin } from '../http/site-origin';
import { findInvoice } from '../invoices/repository';
import type { Services } from '../services';
import type { SandboxProvider } from './sandbox';
import { FORBIDDEN_TEXT, NOT_FOUND_TEXT, messagePage } from './sandbox-page';

export const SUPERSEDED_TEXT =
  'This payment link was replaced by a newer one. To pay, use "Pay now" on the invoice in your invoices.';

/** The invoice of the path when the signature is its owner's; otherwise the 404, 410 or 403 page to answer with. */
export async function authorisedInvoice(
  { db, config }: Pick<Services, 'db' | 'config'>,
  sandbox: SandboxProvider,
  c: Context,
  signature: unknown,
): Promise<InvoiceRow | Response> {
  const page = (status: ContentfulStatusCode, heading: string, text: string) =>
    c.html(messagePage(heading, text, `${siteOrigin(c.req.url, config.PUBLIC_URL)}/invoices`), status);
  const invoice = await findInvoice(db, c.req.param('id') ?? '');
  // Only invoices this sandbox issued a link for, and whose customer still has an account, can be paid here.
  if (!invoice || invoice.provider !== 'sandbox' || invoice.user_id === null) {
    return page(404, 'Invoice not found', NOT_FOUND_TEXT);
  }
  const link = await sandbox.check(invoice.id, invoice.user_id, invoice.provider_ref, signature);
  // The customer's own earlier link, replaced by "Pay now": it says so, and takes no payment.
  if (link === 'superseded') return page(410, 'Link replaced', SUPERSEDED_TEXT);
  if (link === 'invalid') {
    return page(403, 'Link not valid', `${FORBIDDEN_TEXT} Please open the checkout again from your order.`);
  }
  return invoice;
}

/** The signature in Pay's or Cancel's form; undefined when the form cannot be read. */
export async function formSignature(c: Context): Promise<unknown> {
  try {
    // The checkout's form has one field: anything larger is refused before it is parsed.
    return (await readFormWithin(c, { maxBytes: 4 * 1024, maxFields: 4 })).sig;
  } catch (error) {
    // A client that hung up is logged as such by the error handler; any other unreadable form has no signature.
    if (clientAborted(c)) throw error;
    return undefined;
  }
}
