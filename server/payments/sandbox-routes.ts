/**
 * /pay/sandbox: the embedded test-mode checkout that the sandbox provider's payment links open.
 * Each request must carry the link's signature (query on the page, hidden field on Pay and Cancel), which
 * binds the invoice to its owner: a forged link, or one customer's signature on another's invoice, gets a
 * 403 page and changes nothing; an earlier link of the invoice, replaced by a renewed one, gets a 410 page.
 * Pay goes through `markInvoicePaid`, the path Stripe's webhook uses too.
 */
import { type Context, Hono } from 'hono';
import { paymentReturnPath } from '#domain/contract';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { InvoiceRow } from '../db/schema';
import type { AppEnv } from '../http/app-env';
import { readFormWithin } from '../http/body-read';
import { clientAborted } from '../http/client-aborted';
import { findInvoice } from '../invoices/repository';
import { markInvoicePaid, paidEffects } from './mark-paid';
import type { SandboxProvider } from './sandbox';
import { FORBIDDEN_TEXT, NOT_FOUND_TEXT, checkoutPage, messagePage } from './sandbox-page';
import type { Services } from '../services';

export const SUPERSEDED_TEXT =
  'This payment link was replaced by a newer one. To pay, use "Pay now" on the invoice in your invoices.';

export function sandboxCheckoutRoutes(services: Services, sandbox: SandboxProvider) {
  const { db, clock, config } = services;
  const invoicesUrl = `${config.PUBLIC_URL}/invoices`;
  const paidUrl = `${config.PUBLIC_URL}${paymentReturnPath('paid')}`;
  const cancelledUrl = `${config.PUBLIC_URL}${paymentReturnPath('cancelled')}`;
  const routes = new Hono<AppEnv>();

  // The pages carry a signed link: no browser or proxy may keep a copy.
  routes.use('*', async (c, next) => {
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
  });

  const page = (c: Context, status: ContentfulStatusCode, heading: string, text: string) =>
    c.html(messagePage(heading, text, invoicesUrl), status);

  /** The invoice when the signature is its owner's; otherwise the 404 or 403 page to answer with. */
  async function authorised(c: Context, signature: unknown): Promise<InvoiceRow | Response> {
    const invoice = await findInvoice(db, c.req.param('id') ?? '');
    // Only invoices this sandbox issued a link for, and whose customer still has an account, can be paid here.
    if (!invoice || invoice.provider !== 'sandbox' || invoice.user_id === null) {
      return page(c, 404, 'Invoice not found', NOT_FOUND_TEXT);
    }
    const link = await sandbox.check(invoice.id, invoice.user_id, invoice.provider_ref, signature);
    // The customer's own earlier link, replaced by "Pay now": it says so, and takes no payment.
    if (link === 'superseded') return page(c, 410, 'Link replaced', SUPERSEDED_TEXT);
    if (link === 'invalid') {
      return page(c, 403, 'Link not valid', `${FORBIDDEN_TEXT} Please open the checkout again from your order.`);
    }
    return invoice;
  }

  async function formSignature(c: Context): Promise<unknown> {
    try {
      // The checkout's form has one field: anything larger is refused before it is parsed.
      return (await readFormWithin(c, { maxBytes: 4 * 1024, maxFields: 4 })).sig;
    } catch (error) {
      // A client that hung up is logged as such by the error handler; any other unreadable form has no signature.
      if (clientAborted(c)) throw error;
      return undefined;
    }
  }

  routes.get('/:id', async (c) => {
    const signature = c.req.query('sig');
    const invoice = await authorised(c, signature);
    if (invoice instanceof Response) return invoice;
    return c.html(checkoutPage(invoice, signature!, invoicesUrl), 200);
  });

  routes.post('/:id/pay', async (c) => {
    const invoice = await authorised(c, await formSignature(c));
    if (invoice instanceof Response) return invoice;
    // Already paid: nothing changes (the update matches unpaid invoices only) and paid_at keeps its value.
    await markInvoicePaid(
      db,
      invoice.id,
      { provider: 'sandbox', reference: null, at: clock.now() },
      paidEffects(services),
    );
    return c.redirect(paidUrl, 303);
  });

  routes.post('/:id/cancel', async (c) => {
    const invoice = await authorised(c, await formSignature(c));
    if (invoice instanceof Response) return invoice;
    return c.redirect(cancelledUrl, 303);
  });

  return routes;
}
