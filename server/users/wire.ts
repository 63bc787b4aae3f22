/** The one place a database user becomes the contract's `User`: nothing else (e.g. the hash) can leak. */
import type { User } from '#domain/contract';
import { avatarUrl } from '../avatars/url';
import type { Config } from '../config';
import type { SecondFactor, UserWithAvatar } from '../db/schema';
import { staffSessionLacksSecondFactor } from '#domain/waysIn';

/**
 * `row.avatar_sha256` comes with users read through the repository or a session; absent or null: no picture.
 * `policy`, the site's staff policy, adds `secondFactorRequired` for staff it keeps out of the office; it asks
 * `sessionFactor`, the second factor the answering session was made with (null: none), not the account.
 */
export function toWireUser(
  row: UserWithAvatar,
  policy: Pick<Config, 'STAFF_REQUIRE_TWO_FACTOR'>,
  sessionFactor: SecondFactor | null,
): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    avatarURL: avatarUrl(row.id, row.avatar_sha256),
    lastLogin: row.last_login,
    emailVerified: row.email_verified === 1,
    deletionScheduledFor: row.deletion_scheduled_for ?? null,
    hasPassword: row.password_hash !== null,
    // Only staff carry a role: a customer's answer stays as it always was.
    ...(row.role !== 'common' ? { role: row.role } : {}),
    ...(staffSessionLacksSecondFactor(policy, row, sessionFactor) ? { secondFactorRequired: true } : {}),
  };
}
