/**
 * Marking notifications seen (docs/product.md#profile): the bell names what it showed, and only that is marked,
 * so one written while the list was open stays new. The contract's GET, and a bare POST, mark every one.
 */
import type { Context } from 'hono';
import { SeeNotificationsRequest } from '#domain/contract';
import type { AppEnv } from '../http/app-env';
import { readJson, validate } from '../http/validate';
import { markAllSeen, markSeen } from '../notifications/notifications';
import type { Services } from '../services';
import { isBare } from './bare-body';

/** Marks the caller's notifications seen, those the body names or (bodiless) all; answers how many. */
export async function seeNotifications({ db, clock }: Pick<Services, 'db' | 'clock'>, c: Context<AppEnv>) {
  const userId = c.get('auth').user.id;
  if (c.req.method === 'GET' || (await isBare(c))) return markAllSeen(db, userId, clock.now());
  const { ids } = validate(SeeNotificationsRequest, await readJson(c), {
    ids: 'Please name at most 50 notifications, by their ids.',
  });
  return markSeen(db, userId, ids, clock.now());
}
