/**
 * /api/orders/<id>/slots and /booking: a customer finds the free times of their paid order's call, books one,
 * moves it or cancels it (docs/decisions/0042-customers-book-their-call.md). The owner's only: anyone else's
 * order or an unknown one is the same 404 as the order's other routes. Composed under /api/orders by
 * server/prefixes.ts, beside the order's downloads.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import type { Services } from '../services';
import { requireAuth } from '../ways-in/require-auth';
import { bookAsSignedIn, cancelAsSignedIn } from './order-actions';
import { orderSlots } from './order-slots';

export function orderBookingRoutes(services: Services) {
  const routes = new Hono<AppEnv>();
  const signedIn = requireAuth(services.sessions);

  routes.get('/:id/slots', signedIn, async (c) =>
    c.json(await orderSlots(services, c.req.param('id'), c.get('auth').user.id), 200),
  );

  routes.post('/:id/booking', signedIn, async (c) => {
    const { status, answer } = await bookAsSignedIn(services, c);
    return c.json(answer, status);
  });

  routes.post('/:id/booking/cancel', signedIn, async (c) => c.json(await cancelAsSignedIn(services, c), 200));

  return routes;
}
