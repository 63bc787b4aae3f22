/**
 * The `sessions` table: one row per sign-in, found by the hash of its bearer token
 * (server/ways-in/sessions.ts judges whether it is still live).
 */
import type { Insertable, Kysely } from 'kysely';
import { preparedQuery } from '../db/prepared';
import type { Database, SessionsTable } from '../db/schema';

/** The session a token names, with its user and the user's picture hash: every signed-in request asks. */
export const sessionByTokenHash = preparedQuery((db: Kysely<Database>, tokenHash: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    // The avatar's hash comes along, so that `toWireUser(auth.user)` can name the picture's URL.
    .leftJoin('avatars', 'avatars.user_id', 'users.id')
    .selectAll('users')
    .select('avatars.sha256 as avatar_sha256')
    .select([
      'sessions.id as session_id',
      'sessions.token_hash',
      'sessions.created_at as session_created_at',
      'sessions.last_used_at',
      'sessions.expires_at',
      'sessions.revoked_at',
      'sessions.second_factor',
    ])
    .where('sessions.token_hash', '=', tokenHash),
);
export type SessionWithUserRow = Awaited<ReturnType<typeof sessionByTokenHash>>[number];

/** `db` may be a transaction, so that a session is created together with the writes it belongs to. */
export async function insertSession(db: Kysely<Database>, row: Insertable<SessionsTable>): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

export async function touchSession(db: Kysely<Database>, sessionId: string, lastUsedAt: string): Promise<void> {
  await db.updateTable('sessions').set({ last_used_at: lastUsedAt }).where('id', '=', sessionId).execute();
}

export async function revokeSession(db: Kysely<Database>, sessionId: string, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every live session of the user but `except` (when given); answers how many. */
export async function revokeSessionsOf(
  db: Kysely<Database>,
  userId: string,
  now: Date,
  except?: string,
): Promise<number> {
  let statement = db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (except !== undefined) statement = statement.where('id', '!=', except);
  const result = await statement.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes the sessions revoked, expired by `now`, or last used at or before `idleCutoff`; answers how many. */
export async function deleteEndedSessions(db: Kysely<Database>, now: Date, idleCutoff: Date): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('revoked_at', 'is not', null),
        eb('expires_at', '<=', now.toISOString()),
        eb('last_used_at', '<=', idleCutoff.toISOString()),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
