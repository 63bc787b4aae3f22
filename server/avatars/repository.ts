/** Queries on the avatars table (one row per user who has a picture). */
import type { Kysely } from 'kysely';
import { isWellFormedId } from '../db/ids';
import type { Database } from '../db/schema';
import type { CheckedAvatar } from './image';

/** Creates or replaces the user's avatar; `db` may be the transaction that also updates the profile. */
export async function saveAvatar(
  db: Kysely<Database>,
  userId: string,
  avatar: CheckedAvatar,
  now: Date,
): Promise<void> {
  const fields = {
    content_type: avatar.contentType,
    bytes: avatar.bytes,
    sha256: avatar.sha256,
    updated_at: now.toISOString(),
  };
  await db
    .insertInto('avatars')
    .values({ user_id: userId, ...fields })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(fields))
    .execute();
}

/** The user's picture; undefined when there is none, or when `userId` (from a URL) cannot be an id. */
export async function findAvatar(db: Kysely<Database>, userId: string) {
  if (!isWellFormedId(userId)) return undefined;
  return db
    .selectFrom('avatars')
    .select(['content_type', 'bytes', 'sha256'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The sha256 of the user's avatar, or null when there is none. */
export async function findAvatarHash(db: Kysely<Database>, userId: string): Promise<string | null> {
  const row = await db.selectFrom('avatars').select('sha256').where('user_id', '=', userId).executeTakeFirst();
  return row?.sha256 ?? null;
}
