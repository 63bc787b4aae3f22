/**
 * Changing the e-mail address moves the account's recovery channel (password reset codes go to it), so a
 * stolen session alone must not be able to do it: the caller proves they own the account with its current
 * password or, for an account that has none (Google only), with a code e-mailed to the current address.
 * Then the new address takes effect only once a code sent to IT comes back (below).
 */
import type { Kysely } from 'kysely';
import type { Database, SecondFactor, UserRow, UserWithAvatar } from '../db/schema';
import { MINUTE_MS } from '../clock';
import { HttpError } from '../http/errors';
import { queueAndSendNow } from '../mail/send-now';
import type { Services } from '../services';
import { newEmailCodeMail } from '../mail/messages';
import { findUserByEmail, isUniqueViolation, updateUser } from '../users/repository';
import { CODE_INVALID_TEXT, CODE_TTL_MINUTES, type CodeOwner } from '../ways-in/email-codes';
import { findLiveCodeAddress } from '../ways-in/email-codes-repository';
import { accountChanged, queueAccountNotice } from '../ways-in/notify-change';
import { WRONG_CURRENT_PASSWORD_TEXT, checkCurrentPassword } from '../ways-in/current-password';

export const CURRENT_PASSWORD_REQUIRED_TEXT = 'Please enter your current password to change your e-mail address.';
export const EMAIL_CHANGE_CODE_REQUIRED_TEXT =
  'Please enter the code we sent to your current e-mail address to change it.';
export const HAS_PASSWORD_TEXT = 'Your account has a password: confirm the change with it instead of a code.';
export const EMAIL_IN_USE_TEXT = 'This e-mail address is already used by another account.';
export const NO_EMAIL_CHANGE_PENDING_TEXT =
  'No change of e-mail address is waiting for a code any more. Please change your address again.';

export interface EmailChangeProof {
  currentPassword?: string | undefined;
  code?: string | undefined;
}

/**
 * Throws the fitting 400/403 unless the proof holds. Returns what must happen inside the transaction that
 * changes the address (the code is used up there, so it works once).
 */
export async function proveEmailChange(
  services: Pick<Services, 'codes' | 'log' | 'limits' | 'passwords'>,
  user: UserWithAvatar,
  proof: EmailChangeProof,
): Promise<(trx: Kysely<Database>) => Promise<void>> {
  const { limits } = services;
  if (user.password_hash !== null) {
    if (proof.currentPassword === undefined) throw new HttpError(400, CURRENT_PASSWORD_REQUIRED_TEXT);
    // The same guessing a password change allows, and counted with it, before the check.
    if ((await checkCurrentPassword(services, user, proof.currentPassword)) !== 'right') {
      services.log.security('email.change_refused', { userId: user.id, reason: 'wrong_password' });
      throw new HttpError(403, WRONG_CURRENT_PASSWORD_TEXT);
    }
    return async () => {};
  }
  if (proof.code === undefined) throw new HttpError(400, EMAIL_CHANGE_CODE_REQUIRED_TEXT);
  // Counted with the account's other code checks (a day's cap), before the check.
  const attempt = await limits.charge([{ limit: limits.codeCheck.account, key: user.email }], { userId: user.id });
  if (!(await services.codes.check(user, 'email_change', proof.code))) {
    services.log.security('email.change_refused', { userId: user.id, reason: 'wrong_code' });
    throw new HttpError(400, CODE_INVALID_TEXT);
  }
  await attempt.giveBack();
  const code = proof.code;
  return async (trx) => {
    if (!(await services.codes.consume(trx, user, 'email_change', code))) throw new HttpError(400, CODE_INVALID_TEXT);
  };
}

// ---- the new address, proven by a code sent to it ----
//
// A proof of ownership says nothing about the NEW address: set at once, an address nobody proved would become
// the account's recovery channel, and whoever owns it could take the account with Forgot password while the
// requester's Google identity stays linked. So the address changes only once a code sent to it comes back
// (docs/product.md#accounts); until then the account keeps, and signs in with, its old address.

/** The code sent to the new address; its row's `email` is that address, so it proves no other. */
const NEW_ADDRESS = 'email_new';

export function newAddressCodeSentText(email: string): string {
  return `We have sent a code to ${email}. Enter it to finish changing your e-mail address.`;
}

/** Throws 409 when the address is another account's. */
export async function ensureAddressFree(db: Kysely<Database>, userId: string, email: string): Promise<void> {
  const owner = await findUserByEmail(db, email);
  if (owner && owner.id !== userId) throw new HttpError(409, EMAIL_IN_USE_TEXT);
}

/**
 * Mails a fresh code to the new address (counted as a code request of the account, 429 past the limit) and
 * returns how to store it, or null when the mail could not be sent (the caller answers 503, nothing changed).
 * Mailed first and stored after: a failed mail leaves any earlier code working, and a profile update stores
 * the code in its own transaction, so a refused update leaves no code behind.
 */
export async function mailNewAddressCode(
  services: Pick<Services, 'codes' | 'limits' | 'db' | 'clock' | 'mail' | 'log'>,
  user: { id: string },
  email: string,
): Promise<((db: Kysely<Database>) => Promise<void>) | null> {
  const { codes, limits } = services;
  // Per account, and per recipient whoever asks: the address is a stranger's until the code comes back.
  await limits.charge(
    [
      { limit: limits.codeRequest.account, key: `email-new:${user.id}` },
      { limit: limits.codeRequest.unprovenRecipient, key: email },
    ],
    { userId: user.id },
  );
  const { code, codeHash } = await codes.make(user.id, NEW_ADDRESS);
  // Through the mail queue, sent at once or withdrawn (server/mail/send-now.ts). In the company's words only: nothing
  // the customer typed (their name) goes to an address not yet proven to be theirs.
  const sent = await queueAndSendNow(services, newEmailCodeMail({ to: email, code, minutes: CODE_TTL_MINUTES }), {
    kind: 'new address code',
    expiresAt: new Date(services.clock.now().getTime() + CODE_TTL_MINUTES * MINUTE_MS),
  });
  if (!sent) return null;
  return (db) => codes.store({ id: user.id, email }, NEW_ADDRESS, codeHash, db);
}

/** The address the account's live new-address code was sent to, or null when none is waiting. */
export async function pendingNewAddress(services: Pick<Services, 'db' | 'clock'>, userId: string) {
  return (await findLiveCodeAddress(services.db, userId, NEW_ADDRESS, services.clock.now())) ?? null;
}

/** Counts one try (by the caller) and answers whether the code is the live one sent to `email`. */
export function checkNewAddressCode(services: Pick<Services, 'codes'>, owner: CodeOwner, code: string) {
  return services.codes.check(owner, NEW_ADDRESS, code);
}

/**
 * Makes the proven address the account's, once the caller has checked the code: the code used up, the address
 * set and verified (the code reached it), every session ended as for a new password and the caller's new one
 * made, all or nothing. Then the OLD address is told (and the security log). The new session keeps the second
 * factor the caller's was made with (docs/decisions/0030-staff-policy-asks-the-session.md).
 */
export async function confirmNewAddress(
  services: Pick<Services, 'db' | 'clock' | 'codes' | 'sessions' | 'mail' | 'log' | 'config'>,
  user: UserWithAvatar,
  email: string,
  code: string,
  secondFactor: SecondFactor | null,
): Promise<{ updated: UserRow; token: string }> {
  const { db, sessions } = services;
  // Taken since the code was sent: no account may share an address.
  await ensureAddressFree(db, user.id, email);
  const now = services.clock.now();
  try {
    const done = await db.transaction().execute(async (trx) => {
      if (!(await services.codes.consume(trx, { id: user.id, email }, NEW_ADDRESS, code))) {
        throw new HttpError(400, CODE_INVALID_TEXT);
      }
      const updated = await updateUser(trx, user.id, { email, email_verified: 1 }, now);
      await sessions.revokeAllForUser(user.id, { db: trx });
      await queueAccountNotice(trx, services, user, { kind: 'email_changed', newEmail: email }, now);
      return { updated, token: (await sessions.create(user.id, trx, secondFactor)).token };
    });
    accountChanged(services, user, { kind: 'email_changed', newEmail: email });
    return done;
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, EMAIL_IN_USE_TEXT);
    throw error;
  }
}
