/**
 * POST /api/users/record-visit: the browser reports a page visit (with the geolocation it looked up), open
 * to visitors who are not signed in. Limited per client address (VISIT_MAX_PER_ADDRESS_PER_MINUTE, 60: a
 * browser reports one visit per page load, so that is far beyond any person), since anyone can call it.
 */
import { Hono } from 'hono';
import { VisitRequest } from '#domain/contract';
import type { AppEnv } from '../http/app-env';
import { addressLimitKey, clientAddress } from '../http/client-address';
import { readJson, validate } from '../http/validate';
import type { Services } from '../services';
import { visitUserId } from './attribution';
import { insertVisit } from './repository';

const VISIT_FIELD_MESSAGES: Record<string, string> = {
  user: 'The user must be an id or null.',
  visitor: 'The visitor id must be 8 to 64 characters.',
  latitude: 'The latitude must be a number from -90 to 90, or null.',
  longitude: 'The longitude must be a number from -180 to 180, or null.',
  visitDate: 'The visit date must be written YYYY-MM-DD.',
  visitTime: 'The visit time must be written HH:MM:SS.',
};

export function visitRoutes(services: Services) {
  const { db, clock, config, limits } = services;
  const routes = new Hono<AppEnv>();

  routes.post('/record-visit', async (c) => {
    const address = clientAddress(c, config.TRUST_PROXY);
    // Every call counts, valid or not: the limit is on requests, not mistakes.
    await limits.charge([{ limit: limits.visit.address, key: addressLimitKey(address) }], { address });

    const visit = validate(VisitRequest, await readJson(c), VISIT_FIELD_MESSAGES);
    const userId = await visitUserId(c, services, visit.user);
    await insertVisit(db, visit, { userId, clientAddress: address, now: clock.now() });
    return c.body(null, 204);
  });

  return routes;
}
