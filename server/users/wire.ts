/** The one place a database user becomes the contract's `User`: nothing else (e.g. the hash) can leak. */
import type { User } from '#domain/contract';
import { avatarUrl } from '../avatars/url';
import type { Config } from '../config';
import type { UserWithAvatar } from '../db/schema';
import { secondFactorRequired } from '../two-factor/policy';

/**
 * `row.avatar_sha256` comes with users read through the repository or a session; absent or null: no picture.
 * `policy`, the site's staff policy, adds `secondFactorRequired` for staff it keeps out of the office.
 */
export function toWireUser(row: UserWithAvatar, policy: Pick<Config, 'STAFF_REQUIRE_TWO_FACTOR'>): User {
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
    ...(secondFactorRequired(policy, row) ? { secondFactorRequired: true } : {}),
  };
}
