/**
 * /api/users (composed into server/account/profile-routes.ts): the account's life cycle. Forgotten password (a code by e-mail, then
 * a new password), e-mail verification (a code by e-mail), notifications, and account deletion on request.
 */
import { type Context, Hono } from 'hono';
import {
  DeletionRequest,
  EmailChangeConfirmRequest,
  ForgotPasswordQuery,
  ResetPasswordRequest,
  VerifyRequest,
  type User,
} from '#domain/contract';
import { CODE_INVALID_TEXT, CODE_TTL_MINUTES } from '../ways-in/email-codes';
import { cancelDeletion, daysUntil, scheduleDeletion } from './deletion';
import { DELETION_PASSWORD_FIELD, proveDeletion, refuseUnconfirmedStaffDeletion } from './deletion-proof';
import {
  addNotification,
  listNotifications,
  markAllSeen,
  notificationTexts,
  toWireNotification,
} from '../notifications/notifications';
import {
  HAS_PASSWORD_TEXT,
  NO_EMAIL_CHANGE_PENDING_TEXT,
  checkNewAddressCode,
  confirmNewAddress,
  mailNewAddressCode,
  newAddressCodeSentText,
  pendingNewAddress,
} from './email-change';
import { accountChanged, queueAccountNotice } from '../ways-in/notify-change';
import { endPendingSignIns, otherWaysIn, removeOtherWaysIn } from '../ways-in/other-ways-in';
import { describeWaysIn, NO_OTHER_WAYS_IN } from '#domain/waysIn';
import { COMMON_PASSWORD_TEXT, isCommonPassword } from '../ways-in/common-passwords';
import { requireAuth } from '../ways-in/require-auth';
import { setPassword } from '../ways-in/new-password';
import type { SessionRow, UserRow } from '../db/schema';
import type { AppEnv } from '../http/app-env';
import { clientAddress, clientLimitKey } from '../http/client-address';
import { MINUTE_MS } from '../clock';
import { SMALL_BODY, bodyBytes } from '../http/body-read';
import { HttpError } from '../http/errors';
import { readJson, validate } from '../http/validate';
import { accountAddressKey } from '../limits/limits';
import { enqueueMail } from '../mail/queue';
import { queueAndSendNow } from '../mail/send-now';
import {
  deletionRequestedMail,
  emailChangeCodeMail,
  formatLongDate,
  passwordResetCodeMail,
  verificationCodeMail,
} from '../mail/messages';
import type { Services } from '../services';
import { findUserByEmail, findUserById, normalizeEmail, updateUser } from '../users/repository';
import { toWireUser } from '../users/wire';

export const FORGOT_PASSWORD_TEXT = `If an account exists for that address, we have sent it a code. The code expires in ${CODE_TTL_MINUTES} minutes.`;
export const PASSWORD_RESET_TEXT = 'Your password has been reset. You can now sign in with your new password.';
export const ALREADY_VERIFIED_TEXT = 'Your e-mail address is already verified.';
export const MAIL_FAILED_TEXT = 'We could not send the e-mail just now. Please try again in a few minutes.';
export const DELETION_CANCELLED_TEXT = 'Your account will not be deleted.';

export function codeSentText(email: string): string {
  return `We have sent a code to ${email}.`;
}

export function deletionScheduledText(on: Date, now: Date): string {
  const days = daysUntil(on, now);
  return (
    `Your account and its data will be deleted on ${formatLongDate(on)} (in ${days} ${days === 1 ? 'day' : 'days'}). ` +
    'Sign in and cancel the deletion before then to keep it.'
  );
}

/**
 * Whether a request carries nothing: no Content-Type and no bytes. Only then is the body read here; any other
 * body goes on to its own checks (a JSON body to validation, anything else to the 415 of server/http/validate.ts).
 */
async function isBare(c: Context<AppEnv>): Promise<boolean> {
  if (c.req.header('content-type') !== undefined) return false;
  return (await bodyBytes(c, SMALL_BODY)).byteLength === 0;
}

/** A malformed code gets the same answer as a wrong one. */
const CODE_FIELD = { code: CODE_INVALID_TEXT, ticket: CODE_INVALID_TEXT };

export function accountRoutes(services: Services) {
  const { db, clock, config, sessions, limits, passwords, codes, tickets } = services;
  const routes = new Hono<AppEnv>();
  const auth = requireAuth(sessions);

  /** When a code made now stops working: its mail is not sent after that. */
  const codeExpiry = () => new Date(clock.now().getTime() + CODE_TTL_MINUTES * MINUTE_MS);

  /** The wire user after an update, keeping what the session's read carried besides the users row. */
  const wireUser = (before: UserRow, updated: UserRow, session: Pick<SessionRow, 'second_factor'>): User =>
    toWireUser({ ...before, ...updated }, config, session.second_factor);

  /**
   * Counts one code check against the account (lower-cased e-mail; a day's cap) and the address, before the
   * code is compared; a right code gives its points back, so only wrong ones add up.
   */
  const chargeCodeCheck = (email: string, addressKey: string, fields: Record<string, unknown>) =>
    limits.charge(
      [
        { limit: limits.codeCheck.address, key: addressKey },
        { limit: limits.codeCheck.account, key: email },
      ],
      fields,
    );

  // ---- forgotten password ----

  // Asking for a reset code stores a ticket and mails a code: the site asks with a POST (`…/forgot/code`, its
  // fields in a JSON body); the contract's GET, its fields in the query, stays for other clients
  // (docs/decisions/0023-one-home-per-resource.md).
  const sendResetCode = (fields: (c: Context<AppEnv>) => Promise<unknown>) => async (c: Context<AppEnv>) => {
    // `lang` (only English exists) and `sendTo` (the client's reset page) are accepted and not needed.
    const query = validate(ForgotPasswordQuery, await fields(c));
    const email = normalizeEmail(query.email);
    // Counted against the requester's address only: a count per account is one a stranger could spend, and the
    // owner would then get no code (docs/decisions/0039-no-counter-a-stranger-spends.md).
    await limits.charge([{ limit: limits.codeRequest.address, key: clientLimitKey(c, config.TRUST_PROXY) }], {
      address: clientAddress(c, config.TRUST_PROXY),
    });

    const user = await findUserByEmail(db, email);
    // The answer must take the same time whether or not the account exists: both do the same work before it
    // (one read, a ticket, a code and its HMAC), and what only an existing account needs (storing the ticket,
    // a durable write, and mailing the code) happens after the answer has gone. Every answer carries a
    // ticket: the code works only with the ticket of the request that asked for it.
    const prepared = await tickets.prepare('password_reset');
    if (user) {
      setImmediate(() => {
        services.log.security('password.reset_requested', { userId: user.id });
        otherWaysIn(db, user.id)
          .then((ways) =>
            db.transaction().execute(async (trx) => {
              await tickets.store(user, 'password_reset', prepared, trx);
              const message = passwordResetCodeMail({
                to: user.email,
                // Nothing the customer typed goes to an address not yet proven to be theirs.
                name: user.email_verified === 1 ? user.name : null,
                code: prepared.code,
                minutes: CODE_TTL_MINUTES,
                linked: describeWaysIn(ways),
              });
              await enqueueMail(trx, message, {
                kind: 'password reset code',
                now: clock.now(),
                expiresAt: codeExpiry(),
              });
            }),
          )
          .then(() => services.mail.kick())
          .catch((error: unknown) =>
            services.log.logger.error({ err: error }, 'could not store a password reset code'),
          );
      });
    }
    return c.json({ message: { en: FORGOT_PASSWORD_TEXT }, ticket: prepared.ticket }, 200);
  };
  routes.get(
    '/password/forgot',
    sendResetCode(async (c) => c.req.query()),
  );
  routes.post('/password/forgot/code', sendResetCode(readJson));

  routes.post('/password/forgot', async (c) => {
    const body = validate(ResetPasswordRequest, await readJson(c), CODE_FIELD);
    if (await isCommonPassword(body.newPassword)) throw new HttpError(400, COMMON_PASSWORD_TEXT);
    const fromKey = clientLimitKey(c, config.TRUST_PROXY);
    const address = clientAddress(c, config.TRUST_PROXY);
    const email = normalizeEmail(body.email);
    // Wrong codes are counted per address (a stranger's refuse only the stranger) and per ticket (five tries, and
    // only its holder has it): never per account, which anyone who names the address could spend for its owner
    // (docs/decisions/0039-no-counter-a-stranger-spends.md).
    const attempt = await limits.charge([{ limit: limits.codeCheck.address, key: fromKey }], { address });
    const owner = await tickets.check(body.ticket, 'password_reset', body.code);
    // The ticket must be for this address, still the account's (a changed address voids it).
    const user = owner?.email === email ? await findUserById(db, owner.id) : undefined;
    if (!user || user.email !== email) {
      services.log.security('code.failed', { purpose: 'password_reset', userId: owner?.id ?? null, address });
      throw new HttpError(400, CODE_INVALID_TEXT);
    }
    await attempt.giveBack();

    const passwordHash = await passwords.hash(body.newPassword);
    const now = clock.now();
    // The ticket used up, the new hash, every session of the account and every sign-in the old password began
    // ended, and, if asked, every other way in removed, with the notice that names them: all or nothing.
    const removed = await db.transaction().execute(async (trx) => {
      if (!(await tickets.consume(trx, body.ticket, 'password_reset'))) throw new HttpError(400, CODE_INVALID_TEXT);
      // The code reached this address, so the address is proven to be the customer's.
      await setPassword(trx, user.id, passwordHash, now, { addressProven: true });
      await sessions.revokeAllForUser(user.id, { db: trx });
      await endPendingSignIns(trx, user.id);
      const gone = describeWaysIn(
        body.removeOtherSignIns ? await removeOtherWaysIn(trx, user.id, now) : NO_OTHER_WAYS_IN,
      );
      // The code reached the address: it is proven now, and the notice may greet its owner by name.
      const proven = { ...user, email_verified: 1 };
      await queueAccountNotice(trx, services, proven, { kind: 'password_reset', removed: gone }, now);
      await addNotification(trx, {
        userId: user.id,
        kind: 'password_reset',
        text: notificationTexts.passwordReset(gone),
        now,
      });
      return gone;
    });
    // The owner proved the account is theirs: its failed sign-ins and codes (the day's, and from here) are forgotten.
    await limits.login.account.reset(user.email);
    await limits.login.accountAddress.reset(accountAddressKey(user.email, fromKey));
    await limits.codeCheck.account.reset(user.email);
    accountChanged(services, user, { kind: 'password_reset', removed }, { removedSignIns: removed.length });
    return c.json({ message: { en: PASSWORD_RESET_TEXT } }, 200);
  });

  // ---- e-mail verification ----

  // An account without a password proves an e-mail change with a code sent to its CURRENT address
  // (server/account/email-change.ts); the code is then sent with the profile update.
  const sendEmailChangeCode = async (c: Context<AppEnv>) => {
    const { user } = c.get('auth');
    if (user.password_hash !== null) throw new HttpError(409, HAS_PASSWORD_TEXT);
    await limits.charge([{ limit: limits.codeRequest.account, key: `email-change:${user.id}` }], { userId: user.id });

    const { code, codeHash } = await codes.prepare(user.id, 'email_change');
    const sent = await queueAndSendNow(
      services,
      emailChangeCodeMail({ to: user.email, name: user.name, code, minutes: CODE_TTL_MINUTES }),
      {
        kind: 'e-mail change code',
        expiresAt: codeExpiry(),
        write: (trx) => codes.store(user, 'email_change', codeHash, trx),
      },
    );
    if (!sent) throw new HttpError(503, MAIL_FAILED_TEXT);
    return c.json({ message: { en: codeSentText(user.email) } }, 200);
  };
  // Each code request writes and mails: the site sends a POST; the contract's GET stays for other clients.
  routes.get('/verify/email-change', auth, sendEmailChangeCode);
  routes.post('/verify/email-change/code', auth, sendEmailChangeCode);

  // The profile update with a new address mailed a code to it (server/account/email-change.ts): the address
  // becomes the account's only here, once that code comes back, so an address nobody proved never does.
  routes.post('/verify/email-change', auth, async (c) => {
    const { user, session } = c.get('auth');
    const body = validate(EmailChangeConfirmRequest, await readJson(c), CODE_FIELD);
    const email = normalizeEmail(body.email);
    const attempt = await chargeCodeCheck(user.email, clientLimitKey(c, config.TRUST_PROXY), {
      userId: user.id,
      address: clientAddress(c, config.TRUST_PROXY),
    });
    if (!(await checkNewAddressCode(services, { id: user.id, email }, body.code))) {
      services.log.security('code.failed', { purpose: 'email_new', userId: user.id });
      throw new HttpError(400, CODE_INVALID_TEXT);
    }
    await attempt.giveBack();
    const { updated, token } = await confirmNewAddress(services, user, email, body.code, session.second_factor);
    return c.json({ user: wireUser(user, updated, session), token }, 200);
  });

  // 'Send again' for the code of the new address: a fresh one to the address the live code went to; no
  // other, so no proof is asked again (the update that chose the address gave it).
  const resendNewAddressCode = async (c: Context<AppEnv>) => {
    const { user } = c.get('auth');
    const email = await pendingNewAddress(services, user.id);
    if (email === null) throw new HttpError(409, NO_EMAIL_CHANGE_PENDING_TEXT);
    const store = await mailNewAddressCode(services, user, email);
    if (store === null) throw new HttpError(503, MAIL_FAILED_TEXT);
    await store(db);
    return c.json({ message: { en: newAddressCodeSentText(email) } }, 200);
  };
  routes.get('/verify/email-change/resend', auth, resendNewAddressCode);
  routes.post('/verify/email-change/resend', auth, resendNewAddressCode);

  // /verify/{type}: e-mail is the only type there is, so the only path; any other type is the API's 404. A path
  // of its own rather than a parameter keeps every route within Hono's fastest router (docs/performance.md).
  const sendVerificationCode = async (c: Context<AppEnv>) => {
    const { user } = c.get('auth');
    if (user.email_verified === 1) throw new HttpError(409, ALREADY_VERIFIED_TEXT);
    // Signed in: the account is the one to limit (the address limit guards the anonymous call); and the recipient,
    // whose address is not proven yet: an account made with a stranger's address mails it a few times a day at most.
    await limits.charge(
      [
        { limit: limits.codeRequest.account, key: `verify:${user.id}` },
        { limit: limits.codeRequest.unprovenRecipient, key: user.email },
      ],
      { userId: user.id },
    );

    const { code, codeHash } = await codes.prepare(user.id, 'verify_email');
    const sent = await queueAndSendNow(
      services,
      verificationCodeMail({ to: user.email, code, minutes: CODE_TTL_MINUTES }),
      {
        kind: 'verification code',
        expiresAt: codeExpiry(),
        write: (trx) => codes.store(user, 'verify_email', codeHash, trx),
      },
    );
    if (!sent) throw new HttpError(503, MAIL_FAILED_TEXT);
    return c.json({ message: { en: codeSentText(user.email) } }, 200);
  };
  routes.get('/verify/email', auth, sendVerificationCode);
  routes.post('/verify/email/code', auth, sendVerificationCode);

  routes.post('/verify/email', auth, async (c) => {
    const { user } = c.get('auth');
    const body = validate(VerifyRequest, await readJson(c), CODE_FIELD);
    if (user.email_verified === 1) throw new HttpError(409, ALREADY_VERIFIED_TEXT);
    const attempt = await chargeCodeCheck(user.email, clientLimitKey(c, config.TRUST_PROXY), {
      userId: user.id,
      address: clientAddress(c, config.TRUST_PROXY),
    });
    if (!(await codes.check(user, 'verify_email', body.code))) {
      services.log.security('code.failed', { purpose: 'verify_email', userId: user.id });
      throw new HttpError(400, CODE_INVALID_TEXT);
    }
    await attempt.giveBack();

    const updated = await db.transaction().execute(async (trx) => {
      if (!(await codes.consume(trx, user, 'verify_email', body.code))) throw new HttpError(400, CODE_INVALID_TEXT);
      return updateUser(trx, user.id, { email_verified: 1 }, clock.now());
    });
    return c.json({ user: wireUser(user, updated, c.get('auth').session) }, 200);
  });

  // ---- notifications ----

  routes.get('/notifications', auth, async (c) => {
    const rows = await listNotifications(db, c.get('auth').user.id);
    return c.json({ notifications: rows.map(toWireNotification) }, 200);
  });

  // A write: the site POSTs it; the contract's GET stays as its alias (docs/decisions/0023-one-home-per-resource.md).
  routes.on(['POST', 'GET'], '/notifications/see', auth, async (c) => {
    const seen = await markAllSeen(db, c.get('auth').user.id, clock.now());
    return c.json({ seen }, 200);
  });

  // ---- account deletion ----

  /**
   * Schedules the account's deletion (docs/product.md#deletion) and answers the text saying when; a repeated
   * request keeps the first date. Both request routes end here, once the caller is allowed.
   */
  async function requestDeletion(user: UserRow): Promise<string> {
    const now = clock.now();
    const { on, created } = await db.transaction().execute(async (trx) => {
      const scheduled = await scheduleDeletion(trx, user.id, now);
      // A repeated request keeps the first date and sends nothing new.
      if (scheduled.created) {
        const text = notificationTexts.deletionRequested(scheduled.on);
        await addNotification(trx, { userId: user.id, kind: 'deletion_requested', text, now });
        const message = deletionRequestedMail({
          to: user.email,
          name: user.name,
          on: scheduled.on,
          publicUrl: config.PUBLIC_URL,
        });
        await enqueueMail(trx, message, { kind: 'account deletion', now });
      }
      return scheduled;
    });
    if (created) {
      services.log.security('account.deletion_requested', { userId: user.id, on: on.toISOString() });
      services.mail.kick();
    }
    return deletionScheduledText(on, now);
  }

  /** The product's plain request, for customers; an office or admin account must confirm with its password. */
  async function plainDeletionRequest(c: Context<AppEnv>) {
    const { user } = c.get('auth');
    refuseUnconfirmedStaffDeletion(user);
    return c.json({ message: { en: await requestDeletion(user) } }, 200);
  }

  // The contract's GET, kept as an alias of the bare POST below (docs/decisions/0023-one-home-per-resource.md).
  routes.get('/account/deletion/request', auth, plainDeletionRequest);

  // Bare (no Content-Type, no body: what the site sends for a customer), the plain request; otherwise with the
  // current password, counted as a password change's (server/ways-in/current-password.ts).
  routes.post('/account/deletion/request', auth, async (c) => {
    if (await isBare(c)) return plainDeletionRequest(c);
    const { user } = c.get('auth');
    const body = validate(DeletionRequest, await readJson(c), DELETION_PASSWORD_FIELD);
    await proveDeletion(services, user, body.currentPassword);
    return c.json({ message: { en: await requestDeletion(user) } }, 200);
  });

  routes.post('/account/deletion/cancel', auth, async (c) => {
    if (await cancelDeletion(db, c.get('auth').user.id, clock.now())) {
      services.log.security('account.deletion_cancelled', { userId: c.get('auth').user.id });
    }
    return c.json({ message: { en: DELETION_CANCELLED_TEXT } }, 200);
  });

  return routes;
}
