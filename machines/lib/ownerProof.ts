/**
 * The owner's proof a stolen session does not have, asked before a new way to sign in is added (an authenticator
 * app, a passkey) or the second factor is turned off (docs/product.md#second-factor): the current password, or for
 * an account without one (Google only) a code e-mailed on request.
 */
import { PASSWORD_MAX, SIX_DIGIT_CODE } from '#domain/contract';

/** What the server takes: the password, or the e-mailed code. */
export type OwnerProof = { currentPassword: string } | { code: string };

/** The proof's fields as typed. */
export interface ProofValues {
  password: string;
  emailCode: string;
}

interface Proving {
  /** Whether the account has a password; one without proves itself with an e-mailed code. */
  hasPassword: boolean;
  values: ProofValues;
}

/** Whether the proof typed is one the server can check: a password of allowed length, or six digits. */
export function proofGiven({ hasPassword, values }: Proving): boolean {
  return hasPassword
    ? values.password.length >= 1 && values.password.length <= PASSWORD_MAX
    : SIX_DIGIT_CODE.test(values.emailCode.trim());
}

export function ownerProof({ hasPassword, values }: Proving): OwnerProof {
  return hasPassword ? { currentPassword: values.password } : { code: values.emailCode.trim() };
}
