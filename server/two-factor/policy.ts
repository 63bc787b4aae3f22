/**
 * Whether an account has a second factor, and the staff policy built on it (docs/product.md#second-factor):
 * with STAFF_REQUIRE_TWO_FACTOR an office or admin account without one may sign in, but the office API
 * refuses it until one is set up, so a stolen staff password alone never reaches customers' reports.
 */
import { createMiddleware } from 'hono/factory';
import { isStaff } from '#domain/orders';
import type { Config } from '../config';
import type { UserRow } from '../db/schema';
import type { AppEnv } from '../http/app-env';
import { HttpError } from '../http/errors';

export const SECOND_FACTOR_FOR_OFFICE_TEXT = 'Set up an authenticator app on your profile to reach the office.';

/** The one test of "has a second factor": an authenticator app today; a passkey will count too. */
export function hasSecondFactor(user: Pick<UserRow, 'totp_enabled_at'>): boolean {
  return user.totp_enabled_at !== null;
}

/** True when the policy keeps this account out of the office until it sets up a second factor. */
export function secondFactorRequired(
  config: Pick<Config, 'STAFF_REQUIRE_TWO_FACTOR'>,
  user: Pick<UserRow, 'role' | 'totp_enabled_at'>,
): boolean {
  return config.STAFF_REQUIRE_TWO_FACTOR && isStaff(user.role) && !hasSecondFactor(user);
}

/** After `requireAuth` and `requireStaff`: 403 with the way out for staff the policy keeps out. */
export function requireStaffSecondFactor(config: Pick<Config, 'STAFF_REQUIRE_TWO_FACTOR'>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (secondFactorRequired(config, c.get('auth').user)) throw new HttpError(403, SECOND_FACTOR_FOR_OFFICE_TEXT);
    await next();
  });
}
