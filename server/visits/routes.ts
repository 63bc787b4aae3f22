/**
 * POST /api/users/record-visit: the browser reports a page visit (with the geolocation it looked up), open
 * to visitors who are not signed in. Limited per client address (VISIT_MAX_PER_ADDRESS_PER_MINUTE, 60: a
 * browser reports one visit per page load, so that is far beyond any person), since anyone can call it.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import type { Services } from '../services';
import { recordVisit } from './record-visit';

export function visitRoutes(services: Services) {
  const routes = new Hono<AppEnv>();

  routes.post('/record-visit', async (c) => {
    await recordVisit(services, c);
    return c.body(null, 204);
  });

  return routes;
}
