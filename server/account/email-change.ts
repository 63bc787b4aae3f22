/**
 * Changing the e-mail address moves the account's recovery channel (password reset codes go to it), so a
 * stolen session alone must not be able to do it: the caller proves they own the account with its current
 * password or, for an account that has none (Google only), with a code e-mailed to the current address.
 */
import type { Kysely } from 'kysely';
import type { Database, UserWithAvatar } from '../db/schema';
import { HttpError } from '../http/errors';
import type { Services } from '../services';
import { CODE_INVALID_TEXT } from './codes';
import { checkCurrentPassword } from './current-password';

export const CURRENT_PASSWORD_REQUIRED_TEXT = 'Please enter your current password to change your e-mail address.';
export const EMAIL_CHANGE_CODE_REQUIRED_TEXT =
  'Please enter the code we sent to your current e-mail address to change it.';
export const WRONG_CURRENT_PASSWORD_TEXT = 'Your current password is incorrect.';
export const HAS_PASSWORD_TEXT = 'Your account has a password: confirm the change with it instead of a code.';

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
