/**
 * A new password in force: the one write of `users.password_hash` after the account's creation, for a change on
 * the profile and a reset alike. The caller ends the sessions in the same transaction (docs/security.md).
 */
import type { Kysely } from 'kysely';
import type { Database, UserWithAvatar } from '../db/schema';
import { updateUser } from '../users/repository';

/**
 * Stores `passwordHash` as the account's password; `db` is the change's transaction. With `addressProven` (a reset,
 * whose code reached the address) the address counts as verified from now on.
 */
export function setPassword(
  db: Kysely<Database>,
  userId: string,
  passwordHash: string,
  now: Date,
  { addressProven = false }: { addressProven?: boolean } = {},
): Promise<UserWithAvatar> {
  return updateUser(db, userId, { password_hash: passwordHash, ...(addressProven ? { email_verified: 1 } : {}) }, now);
}
