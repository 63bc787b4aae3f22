/** Queries on the notifications table (notifications.ts writes the texts and rules). */
import type { Kysely } from 'kysely';
import type { Database, NotificationRow } from '#server/db/schema';

/** The most a listing returns. */
export const NOTIFICATIONS_LIMIT = 50;

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
