/**
 * The second factor's part of the wire contract (docs/product.md#second-factor): the profile's Security section
 * and the server's /api/users/two-factor routes. Kept out of contract.ts, which the landing page's first
 * download carries, as passkeyContract.ts is: only the profile's chunk needs these.
 */
import { boolean, integer, type Infer, nullable, optional, size, string, type, array } from 'superstruct';
import { Code, PASSWORD_MAX, SecondStepCode } from './contract';

/**
 * Proof that the caller owns the account, before its second factor is set up or removed or a passkey is added:
 * the current password, or for an account without one (Google only) the code `POST /api/users/two-factor/code`
 * e-mailed to it.
 */
export const ownerProof = { currentPassword: optional(size(string(), 1, PASSWORD_MAX)), code: optional(Code) };

/** `POST /api/users/two-factor/totp/setup`. */
export const TwoFactorSetupRequest = type(ownerProof);
export type TwoFactorSetupRequest = Infer<typeof TwoFactorSetupRequest>;
/** The new secret as base32 text, and the otpauth:// URL its QR code shows; on only once confirmed with a code. */
export const TwoFactorSetupResponse = type({ secret: string(), otpauthUrl: string() });
export type TwoFactorSetupResponse = Infer<typeof TwoFactorSetupResponse>;

/** `POST /api/users/two-factor/totp/enable` (the first code) and `/recovery-codes` (a current code). */
export const TwoFactorCodeRequest = type({ code: Code });
export type TwoFactorCodeRequest = Infer<typeof TwoFactorCodeRequest>;
/** Ten recovery codes (`xxxx-xxxx`), shown once: the server keeps only their hashes. */
export const RecoveryCodesResponse = type({ recoveryCodes: array(string()) });
export type RecoveryCodesResponse = Infer<typeof RecoveryCodesResponse>;

/** `POST /api/users/two-factor/disable`: the owner's proof and a current code of the app or a recovery code. */
export const TwoFactorDisableRequest = type({ ...ownerProof, twoFactorCode: SecondStepCode });
export type TwoFactorDisableRequest = Infer<typeof TwoFactorDisableRequest>;

/** `GET /api/users/two-factor`: what the profile's Security section shows. */
export const TwoFactorStatus = type({
  /** Whether sign-in asks for a code of the authenticator app, and since when. */
  totp: boolean(),
  totpSince: nullable(string()),
  /** Recovery codes not used yet. */
  recoveryCodesLeft: integer(),
  /** The staff policy keeps this account out of the office until it has a second factor. */
  required: boolean(),
});
export type TwoFactorStatus = Infer<typeof TwoFactorStatus>;
