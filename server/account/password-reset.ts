/**
 * A forgotten password: a code by e-mail bound to a ticket (docs/decisions/0022-tickets-for-codes.md), then a
 * new password with that code, which also proves the address.
 */
import type { ResetPasswordRequest } from '#domain/contract';
import { describeWaysIn, NO_OTHER_WAYS_IN } from '#domain/waysIn';
import { HttpError } from '../http/errors';
import { accountAddressKey } from '../limits/limits';
import { enqueueMail } from '../mail/queue';
import { passwordResetCodeMail } from '../mail/messages';
import { addNotification, notificationTexts } from '../notifications/notifications';
import type { UserRow } from '../db/schema';
import type { Services } from '../services';
import { findUserByEmail, findUserById, normalizeEmail } from '../users/repository';
import { COMMON_PASSWORD_TEXT, isCommonPassword } from '../ways-in/common-passwords';
import { CODE_INVALID_TEXT, CODE_TTL_MINUTES } from '../ways-in/email-codes';
import { setPassword } from '../ways-in/new-password';
import type { PreparedTicket } from '../ways-in/tickets';
import { accountChanged, queueAccountNotice } from '../ways-in/notify-change';
import { endPendingSignIns, otherWaysIn, removeOtherWaysIn } from '../ways-in/other-ways-in';
import { type Requester, codeExpiry } from './codes';

export const FORGOT_PASSWORD_TEXT = `If an account exists for that address, we have sent it a code. The code expires in ${CODE_TTL_MINUTES} minutes.`;
export const PASSWORD_RESET_TEXT = 'Your password has been reset. You can now sign in with your new password.';

/**
 * Answers a reset code's request with its ticket. Counted against the requester's address only: a count per
 * account is one a stranger could spend, and the owner would then get no code
 * (docs/decisions/0039-no-counter-a-stranger-spends.md).
 */
export async function requestResetCode(services: Services, email: string, from: Requester) {
  const { db, limits } = services;
  await limits.charge([{ limit: limits.codeRequest.address, key: from.key }], { address: from.address });

  const user = await findUserByEmail(db, normalizeEmail(email));
  // The answer must take the same time whether or not the account exists: both do the same work before it
  // (one read, a ticket, a code and its HMAC), and what only an existing account needs (storing the ticket,
  // a durable write, and mailing the code) happens after the answer has gone. Every answer carries a
  // ticket: the code works only with the ticket of the request that asked for it.
  const prepared = await services.tickets.make('password_reset');
  if (user) setImmediate(() => storeAndMailResetCode(services, user, prepared));
  return { message: { en: FORGOT_PASSWORD_TEXT }, ticket: prepared.ticket };
}

function storeAndMailResetCode(services: Services, user: UserRow, prepared: PreparedTicket) {
  const { db, clock, tickets } = services;
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
          expiresAt: codeExpiry(clock),
        });
      }),
    )
    .then(() => services.mail.kick())
    .catch((error: unknown) => services.log.logger.error({ err: error }, 'could not store a password reset code'));
}

/** Sets the new password with the code and its ticket; throws 400 for a common password or a wrong code. */
export async function resetPassword(services: Services, body: ResetPasswordRequest, from: Requester) {
  const { db, limits } = services;
  if (await isCommonPassword(body.newPassword)) throw new HttpError(400, COMMON_PASSWORD_TEXT);
  const email = normalizeEmail(body.email);
  // Wrong codes are counted per address (a stranger's refuse only the stranger) and per ticket (`CODE_MAX_ATTEMPTS` tries, and
  // only its holder has it): never per account, which anyone who names the address could spend for its owner
  // (docs/decisions/0039-no-counter-a-stranger-spends.md).
  const attempt = await limits.charge([{ limit: limits.codeCheck.address, key: from.key }], {
    address: from.address,
  });
  const owner = await services.tickets.check(body.ticket, 'password_reset', body.code);
  // The ticket must be for this address, still the account's (a changed address voids it).
  const user = owner?.email === email ? await findUserById(db, owner.id) : undefined;
  if (!user || user.email !== email) {
    const fields = { purpose: 'password_reset', userId: owner?.id ?? null, address: from.address };
    services.log.security('code.failed', fields);
    throw new HttpError(400, CODE_INVALID_TEXT);
  }
  await attempt.giveBack();
  const removed = await replacePassword(services, user, body);
  // The owner proved the account is theirs: its failed sign-ins and codes (the day's, and from here) are forgotten.
  await limits.login.account.reset(user.email);
  await limits.login.accountAddress.reset(accountAddressKey(user.email, from.key));
  await limits.codeCheck.account.reset(user.email);
  accountChanged(services, user, { kind: 'password_reset', removed }, { removedSignIns: removed.length });
  return { message: { en: PASSWORD_RESET_TEXT } };
}

/**
 * The ticket used up, the new hash, every session of the account and every sign-in the old password began
 * ended, and, if asked, every other way in removed, with the notice that names them: all or nothing.
 */
async function replacePassword(services: Services, user: UserRow, body: ResetPasswordRequest) {
  const { db, clock, sessions, tickets } = services;
  const passwordHash = await services.passwords.hash(body.newPassword);
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
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
}
