/**
 * Setting up the authenticator app from the profile's Security section (docs/product.md#second-factor): its
 * status, the owner's code by e-mail (an account without a password), a new secret, and its first code, which
 * turns it on with `RECOVERY_CODE_COUNT` recovery codes.
 */
import type { TwoFactorCodeRequest, TwoFactorSetupRequest, TwoFactorStatus } from '#domain/twoFactorContract';
import { staffSessionLacksSecondFactor } from '#domain/waysIn';
import { HAS_PASSWORD_TEXT } from '../account/email-change';
import { MINUTE_MS } from '../clock';
import type { SessionRow, UserWithAvatar } from '../db/schema';
import { addressLimitKey } from '../http/client-address';
import { HttpError } from '../http/errors';
import { queueAndSendNow } from '../mail/send-now';
import { ownerProofCodeMail } from '../mail/messages';
import type { Services } from '../services';
import { CODE_TTL_MINUTES } from '../ways-in/email-codes';
import { readSecret } from '../ways-in/factor-check';
import { accountChanged, queueAccountNotice } from '../ways-in/notify-change';
import { OWNER_CODE, proveOwner } from '../ways-in/owner-proof';
import { matchingStep, newRecoveryCodes, newTotpSecret, otpauthUrl, recoveryCodeText } from '../ways-in/two-factor';
import { twoFactorKeys } from '../ways-in/two-factor-key';
import { countRecoveryCodesLeft, enableTwoFactor, savePendingSecret } from '../ways-in/two-factor-repository';

export const TOTP_ALREADY_ON_TEXT = 'An authenticator app is already set up. Turn it off first to set up another one.';
export const NO_SETUP_TEXT = 'Please start the set-up again: no authenticator app is waiting for its first code.';
export const TOTP_CODE_WRONG_TEXT = 'This code is not right. Enter the code your authenticator app shows now.';
export const TWO_FACTOR_MAIL_FAILED_TEXT = 'We could not send the e-mail just now. Please try again in a few minutes.';

export function twoFactorCodeSentText(email: string): string {
  return `We have sent a code to ${email}.`;
}

/** The signed-in caller: its account and the session it asks with. */
export interface Caller {
  user: UserWithAvatar;
  session: SessionRow;
}

/** Counts one code check (the address's hour, the account's day) before the code is compared. */
export function chargeCodeCheck({ limits }: Pick<Services, 'limits'>, user: UserWithAvatar, address: string) {
  return limits.charge(
    [
      { limit: limits.codeCheck.address, key: addressLimitKey(address) },
      { limit: limits.codeCheck.account, key: user.email },
    ],
    { userId: user.id, address },
  );
}

/** Ten fresh recovery codes and their hashes. */
export async function freshRecoveryCodes(services: Services, userId: string) {
  const keys = twoFactorKeys(services);
  const recoveryCodes = newRecoveryCodes();
  const hashes = await Promise.all(recoveryCodes.map((code) => keys.hash(recoveryCodeText(userId, code))));
  return { recoveryCodes, hashes };
}

export async function twoFactorStatus(services: Services, { user, session }: Caller): Promise<TwoFactorStatus> {
  return {
    totp: user.totp_enabled_at !== null,
    totpSince: user.totp_enabled_at,
    recoveryCodesLeft: user.totp_enabled_at === null ? 0 : await countRecoveryCodesLeft(services.db, user.id),
    required: staffSessionLacksSecondFactor(services.config, user, session.second_factor),
  };
}

/** An account without a password (Google only) proves it is the owner's with a code mailed to it. */
export async function sendOwnerCode(services: Services, user: UserWithAvatar) {
  const { codes, limits } = services;
  if (user.password_hash !== null) throw new HttpError(409, HAS_PASSWORD_TEXT);
  await limits.charge([{ limit: limits.codeRequest.account, key: `two-factor:${user.id}` }], { userId: user.id });
  const { code, codeHash } = await codes.make(user.id, OWNER_CODE);
  const sent = await queueAndSendNow(
    services,
    ownerProofCodeMail({ to: user.email, name: user.name, code, minutes: CODE_TTL_MINUTES }),
    {
      kind: 'two-factor code',
      expiresAt: new Date(services.clock.now().getTime() + CODE_TTL_MINUTES * MINUTE_MS),
      write: (trx) => codes.store(user, OWNER_CODE, codeHash, trx),
    },
  );
  if (!sent) throw new HttpError(503, TWO_FACTOR_MAIL_FAILED_TEXT);
  return { message: { en: twoFactorCodeSentText(user.email) } };
}

/** A new secret, not in force until its first code comes back; a repeated set-up replaces it. */
export async function startSetup(services: Services, user: UserWithAvatar, body: TwoFactorSetupRequest) {
  if (user.totp_enabled_at !== null) throw new HttpError(409, TOTP_ALREADY_ON_TEXT);
  const useProof = await proveOwner(services, user, body, 'two_factor.refused');
  const secret = newTotpSecret();
  const sealed = await twoFactorKeys(services).encrypt(secret);
  await services.db.transaction().execute(async (trx) => {
    await useProof(trx);
    await savePendingSecret(trx, user.id, sealed, services.clock.now());
  });
  services.log.security('two_factor.setup_started', { userId: user.id });
  return { secret, otpauthUrl: otpauthUrl(secret, user.email) };
}

/** The first code proves the app holds the secret: from now on sign-in asks for it. */
export async function enableApp(
  services: Services,
  { user, session }: Caller,
  body: TwoFactorCodeRequest,
  address: string,
) {
  if (user.totp_enabled_at !== null) throw new HttpError(409, TOTP_ALREADY_ON_TEXT);
  const stored = await readSecret(services, user.id);
  if (!stored) throw new HttpError(409, NO_SETUP_TEXT);
  const attempt = await chargeCodeCheck(services, user, address);
  const now = services.clock.now();
  const step = matchingStep(stored.secret, body.code, now);
  if (step === null) {
    services.log.security('code.failed', { purpose: 'totp_enable', userId: user.id });
    throw new HttpError(400, TOTP_CODE_WRONG_TEXT);
  }
  await attempt.giveBack();
  const { recoveryCodes, hashes } = await freshRecoveryCodes(services, user.id);
  await services.db.transaction().execute(async (trx) => {
    if (!(await enableTwoFactor(trx, user.id, { sealed: stored.sealed, step }, hashes, now))) {
      throw new HttpError(409, NO_SETUP_TEXT);
    }
    // A change to the ways in ends every other session: one made before it no longer says who signs in.
    await services.sessions.revokeAllForUser(user.id, { db: trx, except: session.id });
    await queueAccountNotice(trx, services, user, { kind: 'totp_enabled' }, now);
  });
  accountChanged(services, user, { kind: 'totp_enabled' });
  return { recoveryCodes };
}
