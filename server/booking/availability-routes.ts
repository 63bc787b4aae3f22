/**
 * /api/office/availability: "My hours", the office member's weekly hours and days off, for the customers' booking
 * (docs/decisions/0042-customers-book-their-call.md). Mounted by office/routes.ts behind the office's own
 * guards (signed in, office or admin, the staff's second factor); `?member=<id>` names another member, admins only.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { readJson } from '../http/validate';
import type { Services } from '../services';
import { memberOf, readAvailability, saveAvailability } from './availability';
import { readAvailabilityRequest } from './availability-request';

export function availabilityRoutes(services: Services) {
  const { db } = services;
  const routes = new Hono<AppEnv>();

  routes.get('/', async (c) => {
    const memberId = await memberOf(db, c.get('auth').user, c.req.query('member'));
    return c.json(await readAvailability(services, memberId), 200);
  });
  routes.put('/', async (c) => {
    const memberId = await memberOf(db, c.get('auth').user, c.req.query('member'));
    const request = readAvailabilityRequest(await readJson(c));
    return c.json(await saveAvailability(services, memberId, request), 200);
  });

  return routes;
}
