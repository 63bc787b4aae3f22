/**
 * /pay/sandbox: the embedded test-mode checkout that the sandbox provider's payment links open.
 * Each request must carry the link's signature (query on the page, hidden field on Pay and Cancel), which
 * binds the invoice to its owner: a forged link, or one customer's signature on another's invoice, gets a
 * 403 page and changes nothing; an earlier link of the invoice, replaced by a renewed one, gets a 410 page.
 * Pay goes through `markInvoicePaid`, the path Stripe's webhook uses too.
 */
import { type Context, Hono } from 'hono';
import { paymentReturnPath } from '#domain/contract';
import type { AppEnv } from '../http/app-env';
import { siteOrigin } from '../http/site-origin';
import { markInvoicePaid, paidEffects } from './mark-paid';
import type { SandboxProvider } from './sandbox';
import { authorisedInvoice, formSignature } from './sandbox-checkout';
import { checkoutPage } from './sandbox-page';
import type { Services } from '../services';

export function sandboxCheckoutRoutes(services: Services, sandbox: SandboxProvider) {
  const { db, clock, config } = services;
  // Back to the origin the page was opened on, when the site trusts it: the customer's sign-in is kept there.
  const back = (c: Context<AppEnv>, path: string) => `${siteOrigin(c.req.url, config.PUBLIC_URL)}${path}`;
  const routes = new Hono<AppEnv>();

  // The pages carry a signed link: no browser or proxy may keep a copy.
  routes.use('*', async (c, next) => {
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
  });

  routes.get('/:id', async (c) => {
    const signature = c.req.query('sig');
    const invoice = await authorisedInvoice(services, sandbox, c, signature);
    if (invoice instanceof Response) return invoice;
    return c.html(checkoutPage(invoice, signature!, back(c, '/invoices')), 200);
  });

  routes.post('/:id/pay', async (c) => {
    const invoice = await authorisedInvoice(services, sandbox, c, await formSignature(c));
    if (invoice instanceof Response) return invoice;
    // Already paid: nothing changes (the update matches unpaid invoices only) and paid_at keeps its value.
    const paid = { provider: 'sandbox', reference: null, at: clock.now() } as const;
    await markInvoicePaid(db, invoice.id, paid, paidEffects(services));
    return c.redirect(back(c, paymentReturnPath('paid')), 303);
  });

  routes.post('/:id/cancel', async (c) => {
    const invoice = await authorisedInvoice(services, sandbox, c, await formSignature(c));
    if (invoice instanceof Response) return invoice;
    return c.redirect(back(c, paymentReturnPath('cancelled')), 303);
  });

  return routes;
}
