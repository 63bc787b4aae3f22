/**
 * Before a new way to sign in is added (an authenticator app, a passkey) or the second factor is removed, the
 * caller proves they own the account, as for an e-mail change (server/account/email-change.ts): the current
 * password, counted with every other current-password check; or, for an account that has none (Google only),
 * the code `POST /api/users/two-factor/code` mailed to it, counted with the account's other code checks. A
 * stolen session alone changes nothing.
 */
import type { Kysely } from 'kysely';
import { CODE_INVALID_TEXT } from './email-codes';
import { WRONG_CURRENT_PASSWORD_TEXT, checkCurrentPassword } from './current-password';
import type { Database, UserRow } from '../db/schema';
import { HttpError } from '../http/errors';
import type { Services } from '../services';

export const TWO_FACTOR_PASSWORD_TEXT = 'Please enter your current password.';
export const TWO_FACTOR_EMAIL_CODE_TEXT =
  'Please enter the code we sent to your e-mail address (ask for one with "Send a code").';
/** The code's purpose in `email_codes`. */
export const OWNER_CODE = 'two_factor';
/** The request fields' texts when malformed: a malformed code gets the same answer as a wrong one. */
export const OWNER_PROOF_FIELDS = { code: CODE_INVALID_TEXT, currentPassword: TWO_FACTOR_PASSWORD_TEXT };
/** The security event a refused proof writes: which change it was for. */
export type ProofRefusal = 'two_factor.refused' | 'passkey.refused';

export interface OwnerProof {
  currentPassword?: string | undefined;
  code?: string | undefined;
}

/**
 * Throws the fitting 400/403 unless the proof holds; returns what must run in the transaction of the change
 * (an e-mailed code is used up there, so it works once).
 */
export async function proveOwner(
  services: Pick<Services, 'codes' | 'limits' | 'passwords' | 'log'>,
  user: Pick<UserRow, 'id' | 'email' | 'password_hash'>,
  proof: OwnerProof,
  refused: ProofRefusal,
): Promise<(trx: Kysely<Database>) => Promise<void>> {
  const { limits, codes } = services;
  if (user.password_hash !== null) {
    if (proof.currentPassword === undefined) throw new HttpError(400, TWO_FACTOR_PASSWORD_TEXT);
    if ((await checkCurrentPassword(services, user, proof.currentPassword)) !== 'right') {
      services.log.security(refused, { userId: user.id, reason: 'wrong_password' });
      throw new HttpError(403, WRONG_CURRENT_PASSWORD_TEXT);
    }
    return async () => {};
  }
  if (proof.code === undefined) throw new HttpError(400, TWO_FACTOR_EMAIL_CODE_TEXT);
  const attempt = await limits.charge([{ limit: limits.codeCheck.account, key: user.email }], { userId: user.id });
  if (!(await codes.check(user, OWNER_CODE, proof.code))) {
    services.log.security(refused, { userId: user.id, reason: 'wrong_email_code' });
    throw new HttpError(400, CODE_INVALID_TEXT);
  }
  await attempt.giveBack();
  const code = proof.code;
  return async (trx) => {
    if (!(await codes.consume(trx, user, OWNER_CODE, code))) throw new HttpError(400, CODE_INVALID_TEXT);
  };
}
