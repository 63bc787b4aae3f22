/**
 * /api/users/two-factor (composed into server/account/profile-routes.ts): the profile's Security section for an
 * authenticator app (docs/product.md#second-factor). Set-up and removal need the owner's proof (proof.ts);
 * the app's codes and recovery codes are checked under the code limits; every change is mailed to the account
 * and written to the security log, never with a secret or a code in it.
 */
import { type Context, Hono } from 'hono';
import {
  TotpCodeRequest,
  TotpSetupRequest,
  type TwoFactorStatus,
  TwoFactorDisableRequest,
} from '#domain/twoFactorContract';
import { CODE_TTL_MINUTES } from '../ways-in/email-codes';
import { HAS_PASSWORD_TEXT } from '../account/email-change';
import { accountChanged, queueAccountNotice } from '../ways-in/notify-change';
import { requireAuth } from '../ways-in/require-auth';
import { MINUTE_MS } from '../clock';
import type { UserWithAvatar } from '../db/schema';
import type { AppEnv } from '../http/app-env';
import { addressLimitKey, clientAddress } from '../http/client-address';
import { HttpError } from '../http/errors';
import { readJson, validate } from '../http/validate';
import { queueAndSendNow } from '../mail/send-now';
import type { Services } from '../services';
import { matchFactor, readSecret } from '../ways-in/factor-check';
import { twoFactorKeys } from '../ways-in/two-factor-key';
import { twoFactorCodeMail } from './mail';
import { staffSessionLacksSecondFactor } from '#domain/waysIn';
import { OWNER_CODE, OWNER_PROOF_FIELDS, proveOwner } from '../ways-in/owner-proof';
import {
  countRecoveryCodesLeft,
  enableTwoFactor,
  removeTwoFactor,
  replaceRecoveryCodes,
  savePendingSecret,
} from '../ways-in/two-factor-repository';
import { matchingStep, newRecoveryCodes, newTotpSecret, otpauthUrl, recoveryCodeText } from '../ways-in/two-factor';

export const TOTP_ALREADY_ON_TEXT = 'An authenticator app is already set up. Turn it off first to set up another one.';
export const TOTP_OFF_TEXT = 'No authenticator app is set up for this account.';
export const NO_SETUP_TEXT = 'Please start the set-up again: no authenticator app is waiting for its first code.';
export const TOTP_CODE_WRONG_TEXT = 'This code is not right. Enter the code your authenticator app shows now.';
export const TWO_FACTOR_CODE_WRONG_TEXT =
  'This code is not right. Enter the code your authenticator app shows now, or an unused recovery code.';
export const TWO_FACTOR_CODE_FIELD_TEXT =
  'Please enter the code your authenticator app shows now, or one of your recovery codes.';
export const TWO_FACTOR_MAIL_FAILED_TEXT = 'We could not send the e-mail just now. Please try again in a few minutes.';
export const TOTP_DISABLED_TEXT = 'The authenticator app is turned off: signing in needs only your password again.';

export function twoFactorCodeSentText(email: string): string {
  return `We have sent a code to ${email}.`;
}

/** A malformed code gets the same answer as a wrong one; a missing proof says what is needed (proof.ts). */
const FIELDS = { ...OWNER_PROOF_FIELDS, twoFactorCode: TWO_FACTOR_CODE_FIELD_TEXT };

export function twoFactorRoutes(services: Services) {
  const { db, clock, config, sessions, limits, codes } = services;
  const routes = new Hono<AppEnv>();
  const auth = requireAuth(sessions);
  const keys = twoFactorKeys(services);

  /** Counts one code check (the address's hour, the account's day) before the code is compared. */
  const chargeCheck = (c: Context<AppEnv>, user: UserWithAvatar) => {
    const address = clientAddress(c, config.TRUST_PROXY);
    return limits.charge(
      [
        { limit: limits.codeCheck.address, key: addressLimitKey(address) },
        { limit: limits.codeCheck.account, key: user.email },
      ],
      { userId: user.id, address },
    );
  };

  /** Ten fresh recovery codes and their hashes. */
  async function freshRecoveryCodes(userId: string) {
    const recoveryCodes = newRecoveryCodes();
    const hashes = await Promise.all(recoveryCodes.map((code) => keys.hash(recoveryCodeText(userId, code))));
    return { recoveryCodes, hashes };
  }

  routes.get('/', auth, async (c) => {
    const { user, session } = c.get('auth');
    const status: TwoFactorStatus = {
      totp: user.totp_enabled_at !== null,
      totpSince: user.totp_enabled_at,
      recoveryCodesLeft: user.totp_enabled_at === null ? 0 : await countRecoveryCodesLeft(db, user.id),
      required: staffSessionLacksSecondFactor(config, user, session.second_factor),
    };
    return c.json(status, 200);
  });

  // An account without a password (Google only) proves it is the owner's with a code mailed to it.
  routes.post('/code', auth, async (c) => {
    const { user } = c.get('auth');
    if (user.password_hash !== null) throw new HttpError(409, HAS_PASSWORD_TEXT);
    await limits.charge([{ limit: limits.codeRequest.account, key: `two-factor:${user.id}` }], { userId: user.id });
    const { code, codeHash } = await codes.prepare(user.id, OWNER_CODE);
    const sent = await queueAndSendNow(
      services,
      twoFactorCodeMail({ to: user.email, name: user.name, code, minutes: CODE_TTL_MINUTES }),
      {
        kind: 'two-factor code',
        expiresAt: new Date(clock.now().getTime() + CODE_TTL_MINUTES * MINUTE_MS),
        write: (trx) => codes.store(user, OWNER_CODE, codeHash, trx),
      },
    );
    if (!sent) throw new HttpError(503, TWO_FACTOR_MAIL_FAILED_TEXT);
    return c.json({ message: { en: twoFactorCodeSentText(user.email) } }, 200);
  });

  // A new secret, not in force until its first code comes back (/totp/enable); a repeated set-up replaces it.
  routes.post('/totp/setup', auth, async (c) => {
    const { user } = c.get('auth');
    const body = validate(TotpSetupRequest, await readJson(c), FIELDS);
    if (user.totp_enabled_at !== null) throw new HttpError(409, TOTP_ALREADY_ON_TEXT);
    const useProof = await proveOwner(services, user, body, 'two_factor.refused');
    const secret = newTotpSecret();
    const sealed = await keys.encrypt(secret);
    await db.transaction().execute(async (trx) => {
      await useProof(trx);
      await savePendingSecret(trx, user.id, sealed, clock.now());
    });
    services.log.security('two_factor.setup_started', { userId: user.id });
    return c.json({ secret, otpauthUrl: otpauthUrl(secret, user.email) }, 200);
  });

  // The first code proves the app holds the secret: from now on sign-in asks for it.
  routes.post('/totp/enable', auth, async (c) => {
    const { user, session } = c.get('auth');
    const body = validate(TotpCodeRequest, await readJson(c), FIELDS);
    if (user.totp_enabled_at !== null) throw new HttpError(409, TOTP_ALREADY_ON_TEXT);
    const stored = await readSecret(services, user.id);
    if (!stored) throw new HttpError(409, NO_SETUP_TEXT);
    const attempt = await chargeCheck(c, user);
    const now = clock.now();
    const step = matchingStep(stored.secret, body.code, now);
    if (step === null) {
      services.log.security('code.failed', { purpose: 'totp_enable', userId: user.id });
      throw new HttpError(400, TOTP_CODE_WRONG_TEXT);
    }
    await attempt.giveBack();
    const { recoveryCodes, hashes } = await freshRecoveryCodes(user.id);
    await db.transaction().execute(async (trx) => {
      if (!(await enableTwoFactor(trx, user.id, { sealed: stored.sealed, step }, hashes, now))) {
        throw new HttpError(409, NO_SETUP_TEXT);
      }
      // A change to the ways in ends every other session: one made before it no longer says who signs in.
      await services.sessions.revokeAllForUser(user.id, { db: trx, except: session.id });
      await queueAccountNotice(trx, services, user, { kind: 'totp_enabled' }, now);
    });
    accountChanged(services, user, { kind: 'totp_enabled' });
    return c.json({ recoveryCodes }, 200);
  });

  // New recovery codes, with a current code of the app: the earlier ones stop working.
  routes.post('/recovery-codes', auth, async (c) => {
    const { user, session } = c.get('auth');
    const body = validate(TotpCodeRequest, await readJson(c), FIELDS);
    if (user.totp_enabled_at === null) throw new HttpError(409, TOTP_OFF_TEXT);
    const attempt = await chargeCheck(c, user);
    const match = await matchFactor(services, user.id, body.code, { recovery: false });
    if (!match) {
      services.log.security('code.failed', { purpose: 'totp', userId: user.id });
      throw new HttpError(400, TOTP_CODE_WRONG_TEXT);
    }
    await attempt.giveBack();
    const { recoveryCodes, hashes } = await freshRecoveryCodes(user.id);
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      if (!(await match.use(trx))) throw new HttpError(400, TOTP_CODE_WRONG_TEXT);
      await replaceRecoveryCodes(trx, user.id, hashes, now);
      await services.sessions.revokeAllForUser(user.id, { db: trx, except: session.id });
      await queueAccountNotice(trx, services, user, { kind: 'recovery_codes_regenerated' }, now);
    });
    accountChanged(services, user, { kind: 'recovery_codes_regenerated' });
    return c.json({ recoveryCodes }, 200);
  });

  // Off: the owner's proof and a current code of the app (or a recovery code, for a lost phone).
  routes.post('/disable', auth, async (c) => {
    const { user, session } = c.get('auth');
    const body = validate(TwoFactorDisableRequest, await readJson(c), FIELDS);
    if (user.totp_enabled_at === null) throw new HttpError(409, TOTP_OFF_TEXT);
    const useProof = await proveOwner(services, user, body, 'two_factor.refused');
    const attempt = await chargeCheck(c, user);
    const match = await matchFactor(services, user.id, body.twoFactorCode, { recovery: true });
    if (!match) {
      services.log.security('code.failed', { purpose: 'totp_disable', userId: user.id });
      throw new HttpError(400, TWO_FACTOR_CODE_WRONG_TEXT);
    }
    await attempt.giveBack();
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      if (!(await match.use(trx))) throw new HttpError(400, TWO_FACTOR_CODE_WRONG_TEXT);
      await useProof(trx);
      await removeTwoFactor(trx, user.id, now);
      await services.sessions.revokeAllForUser(user.id, { db: trx, except: session.id });
      await queueAccountNotice(trx, services, user, { kind: 'totp_disabled' }, now);
    });
    accountChanged(services, user, { kind: 'totp_disabled' }, { with: match.kind });
    return c.json({ message: { en: TOTP_DISABLED_TEXT } }, 200);
  });

  return routes;
}
