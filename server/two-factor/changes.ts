/**
 * Changing an authenticator app already on: new recovery codes (the earlier ones stop working), or turning it
 * off with the owner's proof. Every change ends the account's other sessions and is mailed to it.
 */
import type { TwoFactorCodeRequest, TwoFactorDisableRequest } from '#domain/twoFactorContract';
import { HttpError } from '../http/errors';
import type { Services } from '../services';
import { matchFactor } from '../ways-in/factor-check';
import { accountChanged, queueAccountNotice } from '../ways-in/notify-change';
import { proveOwner } from '../ways-in/owner-proof';
import { removeTwoFactor, replaceRecoveryCodes } from '../ways-in/two-factor-repository';
import { type Caller, TOTP_CODE_WRONG_TEXT, chargeCodeCheck, freshRecoveryCodes } from './setup';

export const TOTP_OFF_TEXT = 'No authenticator app is set up for this account.';
export const TWO_FACTOR_CODE_WRONG_TEXT =
  'This code is not right. Enter the code your authenticator app shows now, or an unused recovery code.';
export const TOTP_DISABLED_TEXT = 'The authenticator app is turned off: signing in needs only your password again.';

/** New recovery codes, with a current code of the app: the earlier ones stop working. */
export async function renewRecoveryCodes(
  services: Services,
  { user, session }: Caller,
  body: TwoFactorCodeRequest,
  address: string,
) {
  if (user.totp_enabled_at === null) throw new HttpError(409, TOTP_OFF_TEXT);
  const attempt = await chargeCodeCheck(services, user, address);
  const match = await matchFactor(services, user.id, body.code, { appOnly: true });
  if (!match) {
    services.log.security('code.failed', { purpose: 'totp', userId: user.id });
    throw new HttpError(400, TOTP_CODE_WRONG_TEXT);
  }
  await attempt.giveBack();
  const { recoveryCodes, hashes } = await freshRecoveryCodes(services, user.id);
  const now = services.clock.now();
  await services.db.transaction().execute(async (trx) => {
    if (!(await match.use(trx))) throw new HttpError(400, TOTP_CODE_WRONG_TEXT);
    await replaceRecoveryCodes(trx, user.id, hashes, now);
    await services.sessions.revokeAllForUser(user.id, { db: trx, except: session.id });
    await queueAccountNotice(trx, services, user, { kind: 'recovery_codes_regenerated' }, now);
  });
  accountChanged(services, user, { kind: 'recovery_codes_regenerated' });
  return { recoveryCodes };
}

/** Off: the owner's proof and a current code of the app (or a recovery code, for a lost phone). */
export async function disableApp(
  services: Services,
  { user, session }: Caller,
  body: TwoFactorDisableRequest,
  address: string,
) {
  if (user.totp_enabled_at === null) throw new HttpError(409, TOTP_OFF_TEXT);
  const useProof = await proveOwner(services, user, body, 'two_factor.refused');
  const attempt = await chargeCodeCheck(services, user, address);
  const match = await matchFactor(services, user.id, body.twoFactorCode);
  if (!match) {
    services.log.security('code.failed', { purpose: 'totp_disable', userId: user.id });
    throw new HttpError(400, TWO_FACTOR_CODE_WRONG_TEXT);
  }
  await attempt.giveBack();
  const now = services.clock.now();
  await services.db.transaction().execute(async (trx) => {
    if (!(await match.use(trx))) throw new HttpError(400, TWO_FACTOR_CODE_WRONG_TEXT);
    await useProof(trx);
    await removeTwoFactor(trx, user.id, now);
    await services.sessions.revokeAllForUser(user.id, { db: trx, except: session.id });
    await queueAccountNotice(trx, services, user, { kind: 'totp_disabled' }, now);
  });
  accountChanged(services, user, { kind: 'totp_disabled' }, { with: match.kind });
  return { message: { en: TOTP_DISABLED_TEXT } };
}
