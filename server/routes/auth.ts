/** /api/auth: creating accounts and signing in and out with e-mail and password. */
import { Hono } from 'hono';
import { LoginEmailRequest, PASSWORD_MAX, RegisterEmailRequest } from '../../src/api/contract';
import { addNotification, notificationTexts } from '../account/notifications';
import { COMMON_PASSWORD_TEXT, isCommonPassword } from '../auth/common-passwords';
import { requireAuth } from '../auth/middleware';
import { hashPassword, verifyDummy, verifyPassword } from '../auth/passwords';
import { tooManyAttempts } from '../auth/throttle';
import type { AppEnv } from '../http/app-env';
import { clientAddress } from '../http/client-address';
import { HttpError } from '../http/errors';
import { readForm, readJson, validate } from '../http/validate';
import type { Services } from '../services';
import { findUserByEmail, insertUser, isUniqueViolation, normalizeEmail, updateUser } from '../users/repository';
import { toWireUser } from '../users/wire';

/** One text for "no such e-mail" and "wrong password": the answer must not reveal which accounts exist. */
export const INVALID_CREDENTIALS_TEXT = 'Invalid e-mail or password.';
export const EMAIL_TAKEN_TEXT = 'An account with this e-mail address already exists.';

export function authRoutes(services: Services) {
  const { db, clock, config, sessions, throttles } = services;
  const routes = new Hono<AppEnv>();

  routes.post('/register/email', async (c) => {
    const body = validate(RegisterEmailRequest, await readForm(c));
    const email = normalizeEmail(body.email);
    if (isCommonPassword(body.password)) throw new HttpError(400, COMMON_PASSWORD_TEXT);
    if (await findUserByEmail(db, email)) throw new HttpError(409, EMAIL_TAKEN_TEXT);

    const passwordHash = await hashPassword(body.password);
    const now = clock.now();
    try {
      // The account and its first session exist together or not at all.
      const { user, token } = await db.transaction().execute(async (trx) => {
        const user = await insertUser(trx, { name: body.name, email, passwordHash, now, lastLogin: now });
        await addNotification(trx, { userId: user.id, kind: 'welcome', text: notificationTexts.welcome(), now });
        const { token } = await sessions.create(user.id, trx);
        return { user, token };
      });
      services.log.security('register.success', {
        userId: user.id,
        method: 'email',
        address: clientAddress(c, config.TRUST_PROXY),
      });
      return c.json({ user: toWireUser(user), token }, 201);
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, EMAIL_TAKEN_TEXT);
      throw error;
    }
  });

  routes.post('/login/email', async (c) => {
    const body = validate(LoginEmailRequest, await readJson(c), {
      password: `Please enter your password (at most ${PASSWORD_MAX} characters).`,
    });
    const email = normalizeEmail(body.email);
    const address = clientAddress(c, config.TRUST_PROXY);

    const wait = Math.max(
      throttles.loginByAccount.retryAfterSeconds(email),
      throttles.loginByAddress.retryAfterSeconds(address),
    );
    if (wait > 0) throw tooManyAttempts(wait);

    const user = await findUserByEmail(db, email);
    // Unknown e-mail or an account without a password: still spend one verification's time.
    const passwordOk = user?.password_hash
      ? await verifyPassword(user.password_hash, body.password)
      : await verifyDummy(body.password);
    if (!user || !passwordOk) {
      throttles.loginByAccount.recordFailure(email);
      throttles.loginByAddress.recordFailure(address);
      services.log.security('signin.failure', { method: 'email', userId: user?.id ?? null, address });
      throw new HttpError(401, INVALID_CREDENTIALS_TEXT);
    }
    throttles.loginByAccount.clear(email);

    const now = clock.now();
    const { updated, token } = await db.transaction().execute(async (trx) => {
      const updated = await updateUser(trx, user.id, { last_login: now.toISOString() }, now);
      const { token } = await sessions.create(user.id, trx);
      return { updated, token };
    });
    services.log.security('signin.success', { method: 'email', userId: user.id, address });
    return c.json({ user: toWireUser(updated), token }, 200);
  });

  routes.post('/logout', requireAuth(sessions), async (c) => {
    await sessions.revoke(c.get('auth').session.id);
    return c.body(null, 204);
  });

  return routes;
}
