/** /api/users: the signed-in customer's own account. */
import { Hono } from 'hono';
import { PasswordChangeRequest, ProfileUpdateRequest } from '../../src/api/contract';
import { requireAuth } from '../auth/middleware';
import { hashPassword, verifyDummy, verifyPassword } from '../auth/passwords';
import { tooManyAttempts } from '../auth/throttle';
import type { AppEnv } from '../http/app-env';
import { HttpError } from '../http/errors';
import { readForm, readJson, validate } from '../http/validate';
import type { Services } from '../services';
import { findUserByEmail, isUniqueViolation, normalizeEmail, updateUser } from '../users/repository';
import { toWireUser } from '../users/wire';

export const EMAIL_IN_USE_TEXT = 'This e-mail address is already used by another account.';
export const PASSWORDS_DIFFER_TEXT = 'The new passwords do not match.';
export const WRONG_CURRENT_PASSWORD_TEXT = 'Your current password is incorrect.';
export const NO_PASSWORD_TEXT = 'This account has no password yet; it signs in with Google.';

export function userRoutes(services: Services) {
  const { db, clock, sessions, throttles } = services;
  const routes = new Hono<AppEnv>();
  // Per route, not `use('*')`: some user calls (record-visit, forgotten password) are open to visitors.
  const auth = requireAuth(sessions);

  routes.get('/authenticate', auth, (c) => c.json({ user: toWireUser(c.get('auth').user) }, 200));

  routes.patch('/profile/update', auth, async (c) => {
    const { user, token } = c.get('auth');
    // Other form fields (the avatar, later) are ignored by the struct for now.
    const body = validate(ProfileUpdateRequest, await readForm(c));
    const email = normalizeEmail(body.email);
    const emailChanged = email !== user.email;
    if (emailChanged) {
      const owner = await findUserByEmail(db, email);
      if (owner && owner.id !== user.id) throw new HttpError(409, EMAIL_IN_USE_TEXT);
    }
    try {
      const updated = await updateUser(
        db,
        user.id,
        // A new address has not been proven to belong to the customer yet.
        { name: body.name.trim(), email, ...(emailChanged ? { email_verified: 0 } : {}) },
        clock.now(),
      );
      return c.json({ user: toWireUser(updated), token }, 200);
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, EMAIL_IN_USE_TEXT);
      throw error;
    }
  });

  routes.patch('/password/change', auth, async (c) => {
    const { user } = c.get('auth');
    const body = validate(PasswordChangeRequest, await readJson(c));
    if (body.newPassword !== body.confirmPassword) throw new HttpError(400, PASSWORDS_DIFFER_TEXT);

    // A stolen session must not be able to guess the password (and so take the account over) at leisure.
    const wait = throttles.passwordChange.retryAfterSeconds(user.id);
    if (wait > 0) throw tooManyAttempts(wait);
    if (!user.password_hash) {
      await verifyDummy(body.oldPassword);
      throw new HttpError(403, NO_PASSWORD_TEXT);
    }
    if (!(await verifyPassword(user.password_hash, body.oldPassword))) {
      throttles.passwordChange.recordFailure(user.id);
      throw new HttpError(403, WRONG_CURRENT_PASSWORD_TEXT);
    }
    throttles.passwordChange.clear(user.id);

    const passwordHash = await hashPassword(body.newPassword);
    const now = clock.now();
    // New hash, every old session ended (on every device) and the caller's new session: all or nothing.
    const { updated, token } = await db.transaction().execute(async (trx) => {
      const updated = await updateUser(trx, user.id, { password_hash: passwordHash }, now);
      await sessions.revokeAllForUser(user.id, { db: trx });
      const { token } = await sessions.create(user.id, trx);
      return { updated, token };
    });
    return c.json({ user: toWireUser(updated), token }, 200);
  });

  return routes;
}
