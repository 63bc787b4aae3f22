/**
 * /api/bookings/<token>: a booking mail's link, without signing in (docs/decisions/0042-customers-book-their-call.md).
 * GET shows the call and the times it may move to; POST /move and POST /cancel change it. Limited per address.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import type { Services } from '../services';
import { cancelFromLink, moveFromLink, showLink } from './link-actions';

export function bookingLinkRoutes(services: Services) {
  const routes = new Hono<AppEnv>();

  routes.get('/:token', async (c) => c.json(await showLink(services, c), 200));

  routes.post('/:token/move', async (c) => {
    const { status, answer } = await moveFromLink(services, c);
    return c.json(answer, status);
  });

  routes.post('/:token/cancel', async (c) => c.json(await cancelFromLink(services, c), 200));

  return routes;
}
