/**
 * Every sign-in ends in one place, whatever the way in: the session it makes carries the factor it used.
 */
import type { SecondFactor, UserWithAvatar } from '../db/schema';
import { HttpError } from '../http/errors';
import type { Services } from '../services';
import { updateUser } from '../users/repository';
import { toWireUser } from '../users/wire';
import { CODE_INVALID_TEXT } from './email-codes';

/**
 * The end of every sign-in: last login, a new session and (for a second step) its ticket used up, together.
 * Password, e-mailed code, the app's code, Google and passkeys all end here. `secondFactor` is the factor the sign-in used,
 * kept with the session for the staff policy (docs/decisions/0030-staff-policy-asks-the-session.md).
 */
export async function finishSignIn(
  services: Services,
  user: UserWithAvatar,
  method: string,
  address: string,
  secondFactor: SecondFactor | null,
  ticket?: string,
) {
  const { db, clock, sessions, tickets } = services;
  const now = clock.now();
  const { updated, token } = await db.transaction().execute(async (trx) => {
    if (ticket !== undefined && !(await tickets.consume(trx, ticket, 'sign_in'))) {
      throw new HttpError(400, CODE_INVALID_TEXT);
    }
    const updated = await updateUser(trx, user.id, { last_login: now.toISOString() }, now);
    const { token } = await sessions.create(user.id, trx, secondFactor);
    return { updated, token };
  });
  services.log.security('signin.success', { method, userId: user.id, address });
  return { user: toWireUser(updated, services.config, secondFactor), token };
}
