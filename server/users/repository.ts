/** Queries on the users table. E-mails are compared and stored trimmed and lower-cased. */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { findAvatarHash } from '../avatars/repository';
import type { Database, UserRow, UserUpdate, UserWithAvatar } from '../db/schema';
import { PG_UNIQUE_VIOLATION } from '../db/errors';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Users with the hash of their avatar (null: none), which `toWireUser` turns into `avatarURL`. */
function selectUsers(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .leftJoin('avatars', 'avatars.user_id', 'users.id')
    .selectAll('users')
    .select('avatars.sha256 as avatar_sha256');
}

export function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserWithAvatar | undefined> {
  return selectUsers(db).where('users.email', '=', normalizeEmail(email)).executeTakeFirst();
}

export function findUserById(db: Kysely<Database>, id: string): Promise<UserWithAvatar | undefined> {
  return selectUsers(db).where('users.id', '=', id).executeTakeFirst();
}

export async function insertUser(
  db: Kysely<Database>,
  fields: {
    /** Chosen beforehand when something made before the transaction needs it (sign-up's verification code). */
    id?: string;
    name: string;
    email: string;
    passwordHash: string | null;
    now: Date;
    emailVerified?: boolean;
    /** Set when creating the account also signs the customer in. */
    lastLogin?: Date;
  },
): Promise<UserRow> {
  const at = fields.now.toISOString();
  const row: UserRow = {
    id: fields.id ?? randomUUID(),
    name: fields.name.trim(),
    email: normalizeEmail(fields.email),
    password_hash: fields.passwordHash,
    email_verified: fields.emailVerified ? 1 : 0,
    last_login: fields.lastLogin?.toISOString() ?? null,
    created_at: at,
    updated_at: at,
    deletion_scheduled_for: null,
    role: 'common',
    totp_enabled_at: null,
    billing_name: null,
    billing_address: null,
    billing_vat_number: null,
  };
  await db.insertInto('users').values(row).execute();
  return row;
}

/** Updates the user and returns the stored row; `updated_at` is set from `now`. */
export async function updateUser(
  db: Kysely<Database>,
  id: string,
  changes: Omit<UserUpdate, 'id' | 'updated_at' | 'created_at'>,
  now: Date,
): Promise<UserWithAvatar> {
  const row = await db
    .updateTable('users')
    .set({ ...changes, updated_at: now.toISOString() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...row, avatar_sha256: await findAvatarHash(db, id) };
}

/** True for a UNIQUE violation (SQLite's code or PostgreSQL's 23505): two requests raced past our "is this e-mail free?" check. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = (error as { code: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === PG_UNIQUE_VIOLATION;
}
