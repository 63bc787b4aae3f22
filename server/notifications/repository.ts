/** Queries on the notifications table (notifications.ts writes the texts and rules). */
import type { Kysely } from 'kysely';
import { NOTIFICATIONS_SHOWN_MAX } from '#domain/contract';
import type { Database, NotificationRow } from '#server/db/schema';

/** The most a listing returns. */
export const NOTIFICATIONS_LIMIT = NOTIFICATIONS_SHOWN_MAX;

export async function insertNotification(db: Kysely<Database>, row: NotificationRow): Promise<void> {
  await db.insertInto('notifications').values(row).execute();
}

/** Newest first (same millisecond: the later insert first), at most NOTIFICATIONS_LIMIT. */
export function listNotifications(db: Kysely<Database>, userId: string): Promise<NotificationRow[]> {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(NOTIFICATIONS_LIMIT)
    .execute();
}

/** Marks every unseen notification of the user seen; returns how many it marked. */
export async function markAllSeen(db: Kysely<Database>, userId: string, now: Date): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ seen_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('seen_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Marks those of the user's unseen notifications seen that `ids` names; returns how many it marked. */
export async function markSeen(
  db: Kysely<Database>,
  userId: string,
  ids: readonly string[],
  now: Date,
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('notifications')
    .set({ seen_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .where('seen_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Marks the user's unseen notifications of one kind seen: news that a later event made old. */
export async function markKindSeen(db: Kysely<Database>, userId: string, kind: string, now: Date): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ seen_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('seen_at', 'is', null)
    .execute();
}
