/**
 * /api/orders/<id>/slots: the times a customer may book their paid order's call (docs/decisions/
 * 0042-customers-book-their-call.md). The owner's only: anyone else's order or an unknown one is the same 404 as
 * the order's other routes. Composed under /api/orders by server/prefixes.ts, beside the order's downloads.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import type { Services } from '../services';
import { requireAuth } from '../ways-in/require-auth';
import { orderSlots } from './order-slots';

export function orderSlotsRoutes(services: Services) {
  const routes = new Hono<AppEnv>();

  routes.get('/:id/slots', requireAuth(services.sessions), async (c) =>
    c.json(await orderSlots(services, c.req.param('id'), c.get('auth').user.id), 200),
  );

  return routes;
}
