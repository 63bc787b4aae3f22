/**
 * The two questions a second factor answers (docs/product.md#second-factor,
 * docs/decisions/0030-staff-policy-asks-the-session.md), kept apart on purpose:
 * - whether a password or Google sign-in asks for the authenticator app's code: the account has the app;
 * - whether the staff policy (STAFF_REQUIRE_TWO_FACTOR) lets a session reach the office: the session was made
 *   with a second factor (the app's step or a passkey). Asking the account instead would let a stolen staff
 *   password in whenever the account has a passkey, since a password sign-in has no passkey step.
 */
import { createMiddleware } from 'hono/factory';
import type { Kysely } from 'kysely';
import { staffSessionLacksSecondFactor } from '#domain/waysIn';
import type { Config } from '../config';
import type { Database, UserRow } from '../db/schema';
import type { AppEnv } from '../http/app-env';
import { HttpError } from '../http/errors';
import { hasPasskey } from './passkeys-repository';

export const SET_UP_SECOND_FACTOR_TEXT =
  'Set up an authenticator app or a passkey on your profile to reach the office.';
export const SIGN_IN_WITH_SECOND_FACTOR_TEXT = 'Sign in with your passkey or authenticator app to reach the office.';

type Policy = Pick<Config, 'STAFF_REQUIRE_TWO_FACTOR'>;

/** Whether a password or Google sign-in of this account asks for the authenticator app's code next. */
export function asksForTwoFactorStep(user: Pick<UserRow, 'totp_enabled_at'>): boolean {
  return user.totp_enabled_at !== null;
}

/** Whether the account has any second factor to sign in with: the app, or a passkey. */
async function hasAnySecondFactor(db: Kysely<Database>, user: Pick<UserRow, 'id' | 'totp_enabled_at'>) {
  if (user.totp_enabled_at !== null) return true;
  return hasPasskey(db, user.id);
}

/**
 * After `requireAuth` and `requireStaff`: 403 for a session the policy keeps out, with the way in: set a factor
 * up when the account has none, else sign in again with it. The account's factors are read only to refuse.
 */
export function requireStaffSecondFactor(deps: { config: Policy; db: Kysely<Database> }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { user, session } = c.get('auth');
    if (staffSessionLacksSecondFactor(deps.config, user, session.second_factor)) {
      const text = (await hasAnySecondFactor(deps.db, user))
        ? SIGN_IN_WITH_SECOND_FACTOR_TEXT
        : SET_UP_SECOND_FACTOR_TEXT;
      throw new HttpError(403, text);
    }
    await next();
  });
}
