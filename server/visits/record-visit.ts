/** Recording a reported page visit: counted per client address first, valid or not, then checked and stored. */
import type { Context } from 'hono';
import { VisitRequest } from '#domain/contract';
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

export async function recordVisit(services: Services, c: Context): Promise<void> {
  const { db, clock, config, limits } = services;
  const address = clientAddress(c, config.TRUST_PROXY);
  // Every call counts, valid or not: the limit is on requests, not mistakes.
  await limits.charge([{ limit: limits.visit.address, key: addressLimitKey(address) }], { address });

  const visit = validate(VisitRequest, await readJson(c), VISIT_FIELD_MESSAGES);
  const userId = await visitUserId(c, services, visit.user);
  await insertVisit(db, visit, { userId, clientAddress: address, now: clock.now() });
}
