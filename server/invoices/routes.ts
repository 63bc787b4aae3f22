/**
 * /api/invoices: ordering a service and the customer's own invoices.
 * The server prices every order from its own copy of the catalogue (order-request.ts): the browser's amount is
 * only checked against it, never trusted.
 */
import { Hono } from 'hono';
import { requireAuth } from '../ways-in/require-auth';
import type { AppEnv } from '../http/app-env';
import { JSON_CONTENT_TYPE } from '../http/json';
import { siteOrigin } from '../http/site-origin';
import { readIdempotencyKey } from './idempotency';
import { bookingRules } from '../orders/wire';
import { invoiceListings } from './listing';
import { createOrder } from './order-creation';
import { chargeOrderLimits } from './order-limits';
import { readOrder } from './order-request';
import { payAgain } from './pay-again';
import type { Services } from '../services';

export function invoiceRoutes(services: Services) {
  const listings = invoiceListings(services.db, bookingRules(services.config));
  const routes = new Hono<AppEnv>();
  const auth = requireAuth(services.sessions);

  routes.post('/create', auth, async (c) => {
    const { user } = c.get('auth');
    const { service, order } = await readOrder(c);
    // Every well-formed order counts, retries included, before anything is written or the provider is asked.
    await chargeOrderLimits(services, c, user.id);
    const key = readIdempotencyKey(c);
    const site = siteOrigin(c.req.url, services.config.PUBLIC_URL);
    return c.json({ paymentLink: await createOrder(services, user, { price: service.price, order, key, site }) }, 201);
  });

  /**
   * "Pay now" on an unpaid invoice (pay-again.ts): it counts against the same limits as an order.
   * Fixed word before the parameter: decision 0019.
   */
  routes.post('/pay/:id', auth, async (c) => {
    const { user } = c.get('auth');
    await chargeOrderLimits(services, c, user.id);
    const site = siteOrigin(c.req.url, services.config.PUBLIC_URL);
    return c.json({ paymentLink: await payAgain(services, user, c.req.param('id'), site) }, 200);
  });

  routes.get('/my', auth, async (c) => {
    const { user } = c.get('auth');
    return c.body(await listings.json(user.id), 200, JSON_CONTENT_TYPE);
  });

  return routes;
}
