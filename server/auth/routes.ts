/**
 * /api/auth, the one router of its prefix: creating accounts and signing in and out with e-mail and password,
 * and a sign-in's second step; beside them, sign-in with Google (server/google/routes.ts).
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import {
  LoginEmailRequest,
  PASSWORD_MAX,
  RegisterEmailRequest,
  SecondStepRequest,
  type SignOutOthersResponse,
  signedOutElsewhereText,
} from '#domain/contract';
import { CODE_INVALID_TEXT, CODE_TTL_MINUTES } from '../ways-in/email-codes';
import { addNotification, notificationTexts } from '../notifications/notifications';
import { COMMON_PASSWORD_TEXT, isCommonPassword } from '../ways-in/common-passwords';
import { requireAuth } from '../ways-in/require-auth';
import { finishSignIn } from '../ways-in/finish-sign-in';
import { emailCodeStep, twoFactorStep } from '../ways-in/second-step';
import { MINUTE_MS } from '../clock';
import type { Database, UserRow, UserWithAvatar } from '../db/schema';
import { signUpVerificationMail } from '../mail/messages';
import { enqueueMail } from '../mail/queue';
import type { AppEnv } from '../http/app-env';
import { addressLimitKey, clientAddress, clientLimitKey } from '../http/client-address';
import { HttpError } from '../http/errors';
import { SITE_KEY, accountAddressKey } from '../limits/limits';
import { LimitRefused } from '../limits/responses';
import { readForm, readJson, validate } from '../http/validate';
import type { Services } from '../services';
import { findUserByEmail, findUserById, insertUser, isUniqueViolation, normalizeEmail } from '../users/repository';
import { toWireUser } from '../users/wire';
import { asksForTwoFactorStep } from '../ways-in/staff-rule';
import { isTwoFactorTicket, twoFactorSecondStep } from '../ways-in/two-factor-step';

/** One text for "no such e-mail" and "wrong password": the answer must not reveal which accounts exist. */
export const INVALID_CREDENTIALS_TEXT = 'Invalid e-mail or password.';
export const EMAIL_TAKEN_TEXT = 'An account with this e-mail address already exists.';

export function authRoutes(services: Services) {
  const { db, clock, config, sessions, limits, passwords, tickets, codes, mail } = services;
  const routes = new Hono<AppEnv>();
  // A password or an e-mailed code alone: the session is made without a second factor.
  const startSession = (user: UserWithAvatar, method: string, address: string, ticket?: string) =>
    finishSignIn(services, user, method, address, null, ticket);

  /**
   * A new e-mail account is sent its verification code at once, through the mail queue in the sign-up's
   * transaction (docs/product.md#accounts); the profile's 'Verify my e-mail address' sends a fresh one.
   */
  async function queueVerificationMail(
    trx: Kysely<Database>,
    user: UserRow,
    { code, codeHash }: { code: string; codeHash: string },
    now: Date,
  ): Promise<void> {
    await codes.store(user, 'verify_email', codeHash, trx);
    const message = signUpVerificationMail({ to: user.email, code, minutes: CODE_TTL_MINUTES });
    const expiresAt = new Date(now.getTime() + CODE_TTL_MINUTES * MINUTE_MS);
    await enqueueMail(trx, message, { kind: 'verification code', now, expiresAt });
  }

  routes.post('/register/email', async (c) => {
    const body = validate(RegisterEmailRequest, await readForm(c));
    const email = normalizeEmail(body.email);
    if (await isCommonPassword(body.password)) throw new HttpError(400, COMMON_PASSWORD_TEXT);
    const address = clientAddress(c, config.TRUST_PROXY);
    // Every attempt counts against its address (also one that finds the e-mail taken), before any lookup or hashing.
    const attempt = await limits.charge(
      [{ limit: limits.register.address, key: clientLimitKey(c, config.TRUST_PROXY) }],
      { address },
    );
    if (await findUserByEmail(db, email)) throw new HttpError(409, EMAIL_TAKEN_TEXT);
    // The site-wide ceiling counts accounts created: attempts at a taken address cannot close sign-ups for all.
    const creation = await limits.charge([{ limit: limits.register.site, key: SITE_KEY }], { address });
    const passwordHash = await creation.guard(() => attempt.guard(() => passwords.hash(body.password)));
    const now = clock.now();
    // The verification code is made before the transaction (its HMAC key may be read from the database on
    // first use), for the account's id chosen here.
    const id = randomUUID();
    const verification = await codes.prepare(id, 'verify_email');
    try {
      // The account, its first session and its verification mail exist together or not at all.
      const { user, token } = await db.transaction().execute(async (trx) => {
        const user = await insertUser(trx, { id, name: body.name, email, passwordHash, now, lastLogin: now });
        await addNotification(trx, { userId: user.id, kind: 'welcome', text: notificationTexts.welcome(), now });
        await queueVerificationMail(trx, user, verification, now);
        const { token } = await sessions.create(user.id, trx);
        return { user, token };
      });
      mail.kick();
      services.log.security('register.success', { userId: user.id, method: 'email', address });
      return c.json({ user: toWireUser(user, config, null), token }, 201);
    } catch (error) {
      // No account was created: the site's count goes back (a race for one address, or a failed write).
      await creation.giveBack();
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

    // Counted BEFORE the password is checked, atomically: a burst of parallel guesses cannot all be checked
    // before the first failure is recorded. A correct password gives its points back below. These limits
    // are the caller's address's: a stranger's failures refuse only the stranger.
    const fromKey = addressLimitKey(address);
    const attempt = await limits
      .charge(
        [
          { limit: limits.login.address, key: fromKey },
          { limit: limits.login.accountAddress, key: accountAddressKey(email, fromKey) },
        ],
        { address },
      )
      .catch((error: unknown) => {
        if (error instanceof LimitRefused) {
          services.log.security('signin.limited', { method: 'email', address, limit: error.limit.name });
        }
        throw error;
      });
    // The account's day ceiling, from every address, bounds a guesser who rotates addresses. Reached, it
    // does not refuse: the sign-in needs an e-mailed code besides the password (server/ways-in/second-step.ts).
    const daily = await limits
      .charge([{ limit: limits.login.account, key: email }], { address })
      .catch((error: unknown) => {
        if (error instanceof LimitRefused) return null;
        throw error;
      });

    const user = await findUserByEmail(db, email);
    // Unknown e-mail or an account without a password: still spend one verification's time.
    const passwordOk = await attempt.guard(() =>
      user?.password_hash ? passwords.verify(user.password_hash, body.password) : passwords.verifyDummy(body.password),
    );
    if (!daily) {
      // Past the ceiling a right password and a wrong one leave the same counters behind, as they give the same
      // answer: neither gives its points back, or the next request from this address would tell them apart
      // (docs/decisions/0039-no-counter-a-stranger-spends.md). The owner's e-mailed code ends the run.
      if (!user || !passwordOk)
        services.log.security('signin.failure', { method: 'email', userId: user?.id ?? null, address });
      return c.json(await emailCodeStep(services, user && passwordOk ? user : null, address), 200);
    }
    if (!user || !passwordOk) {
      services.log.security('signin.failure', { method: 'email', userId: user?.id ?? null, address });
      throw new HttpError(401, INVALID_CREDENTIALS_TEXT);
    }
    // Only failures count: the right password takes nothing, and ends this address's run of failures.
    await attempt.giveBack();
    await daily.giveBack();
    await limits.login.accountAddress.reset(accountAddressKey(email, fromKey));
    // An authenticator app asks for its code before there is a session (server/ways-in/two-factor-step.ts).
    if (asksForTwoFactorStep(user))
      return c.json(await twoFactorStep(services, user, { address, method: 'email' }), 200);
    return c.json(await startSession(user, 'email', address), 200);
  });

  routes.post('/login/second-step', async (c) => {
    const body = validate(SecondStepRequest, await readJson(c), { code: CODE_INVALID_TEXT, ticket: CODE_INVALID_TEXT });
    const address = clientAddress(c, config.TRUST_PROXY);
    // Wrong codes count against the address; the ticket itself allows five tries and works once.
    const attempt = await limits.charge([{ limit: limits.codeCheck.address, key: addressLimitKey(address) }], {
      address,
    });
    // The 'totp' step's ticket takes a code of the authenticator app or a recovery code.
    if (await isTwoFactorTicket(db, body.ticket)) {
      return c.json(await twoFactorSecondStep(services, body, attempt, address), 200);
    }
    const owner = await tickets.check(body.ticket, 'sign_in', body.code);
    const user = owner ? await findUserById(db, owner.id) : undefined;
    // A ticket for an address the account no longer has proves nothing.
    if (!owner || !user || user.email !== owner.email) {
      services.log.security('code.failed', { purpose: 'sign_in', userId: owner?.id ?? null, address });
      throw new HttpError(400, CODE_INVALID_TEXT);
    }
    await attempt.giveBack();
    // The code reached the owner's mailbox: this address's run of failed passwords for the account is over.
    await limits.login.accountAddress.reset(accountAddressKey(user.email, addressLimitKey(address)));
    // The e-mailed code stood in for the day's ceiling, not for the app: an account with one is asked for it next.
    if (asksForTwoFactorStep(user)) {
      if (!(await tickets.consume(db, body.ticket, 'sign_in'))) throw new HttpError(400, CODE_INVALID_TEXT);
      return c.json(await twoFactorStep(services, user, { address, method: 'email-code' }), 200);
    }
    return c.json(await startSession(user, 'email-code', address, body.ticket), 200);
  });

  routes.post('/logout', requireAuth(sessions), async (c) => {
    await sessions.revoke(c.get('auth').session.id);
    return c.body(null, 204);
  });

  // "Sign out everywhere" on the profile: every session of the account but this one ends.
  routes.post('/logout/others', requireAuth(sessions), async (c) => {
    const { user, session } = c.get('auth');
    const ended = await sessions.revokeAllForUser(user.id, { except: session.id });
    services.log.security('sessions.ended_others', { userId: user.id, ended });
    return c.json({ message: { en: signedOutElsewhereText(ended) } } satisfies SignOutOthersResponse, 200);
  });
  return routes;
}
