/** The one place a database user becomes the contract's `User`: nothing else (e.g. the hash) can leak. */
import type { User } from '../../src/api/contract';
import type { UserRow } from '../db/schema';

export function toWireUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    avatarURL: null, // avatars arrive with their own issue
    lastLogin: row.last_login,
    emailVerified: row.email_verified === 1,
  };
}
