/**
 * Checking a code of the second factor: six digits from the authenticator app (its step and one either side,
 * later than the last step accepted), or, where allowed, an unused recovery code. Nothing is used up here:
 * the answer's `use` does that inside the transaction that acts on it, and says false when a parallel request
 * took the same code first, so each code works once.
 */
import type { Kysely } from 'kysely';
import { SIX_DIGIT_CODE } from '#domain/contract';
import type { Database } from '../db/schema';
import type { Services } from '../services';
import { twoFactorKeys } from './two-factor-key';
import { findTotpSecret, findUnusedRecoveryCode, takeStep, useRecoveryCode } from './two-factor-repository';
import { matchingStep, recoveryCodeText } from './two-factor';

export interface FactorMatch {
  kind: 'totp' | 'recovery';
  use(trx: Kysely<Database>): Promise<boolean>;
}

/** The account's secret as base32 text; null when it has none, or no known key can read it (logged). */
export async function readSecret(
  services: Pick<Services, 'db' | 'clock' | 'config' | 'log'>,
  userId: string,
): Promise<{ secret: string; sealed: string; lastStep: number | null } | null> {
  const row = await findTotpSecret(services.db, userId);
  if (!row) return null;
  const secret = await twoFactorKeys(services).decrypt(row.secret);
  if (secret === null) {
    // TWO_FACTOR_KEY replaced without the key that wrote it: the owner needs a recovery code, or the operator.
    services.log.logger.error({ event: 'two_factor.secret_unreadable', userId }, 'no known key reads this secret');
    return null;
  }
  return { secret, sealed: row.secret, lastStep: row.last_step };
}

export async function matchFactor(
  services: Pick<Services, 'db' | 'clock' | 'config' | 'log'>,
  userId: string,
  code: string,
  /** Only the app's code (new recovery codes): not left to the request's contract alone. */
  options: { appOnly?: boolean } = {},
): Promise<FactorMatch | null> {
  const now = services.clock.now();
  if (SIX_DIGIT_CODE.test(code)) {
    const stored = await readSecret(services, userId);
    const step = stored ? matchingStep(stored.secret, code, now, stored.lastStep ?? 0) : null;
    if (step === null) return null;
    return { kind: 'totp', use: (trx) => takeStep(trx, userId, step) };
  }
  if (options.appOnly) return null;
  const hashes = await twoFactorKeys(services).hashes(recoveryCodeText(userId, code));
  const unused = await findUnusedRecoveryCode(services.db, userId, hashes);
  if (!unused) return null;
  return { kind: 'recovery', use: (trx) => useRecoveryCode(trx, userId, hashes, now) };
}
