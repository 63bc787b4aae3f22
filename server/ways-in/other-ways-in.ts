/**
 * An account's ways in besides its password: today a linked Google identity. A password reset names them
 * in its mail and can remove them, so recovering an account also ends a way in someone else may have added.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

const PROVIDER_NAMES: Record<string, string> = { google: 'Google' };

/** "Google (jo@gmail.com)" for each linked identity, oldest first. */
export async function linkedSignIns(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('identities')
    .select(['provider', 'email'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => `${PROVIDER_NAMES[row.provider] ?? row.provider} (${row.email})`);
}

/** Unlinks every identity of the account; answers how many were removed. `db` may be a transaction. */
export async function removeLinkedSignIns(db: Kysely<Database>, userId: string): Promise<number> {
  const result = await db.deleteFrom('identities').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
