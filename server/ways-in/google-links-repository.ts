/** The `identities` table: the Google sign-ins linked to an account (server/ways-in/google-links.ts). */
import type { Insertable, Kysely } from 'kysely';
import type { Database, IdentitiesTable } from '../db/schema';

export function findUserIdByIdentity(
  db: Kysely<Database>,
  provider: string,
  subject: string,
): Promise<string | undefined> {
  return db
    .selectFrom('identities')
    .select('user_id')
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst()
    .then((row) => row?.user_id);
}

export async function insertIdentity(db: Kysely<Database>, row: Insertable<IdentitiesTable>): Promise<void> {
  await db.insertInto('identities').values(row).execute();
}

/** The addresses of the account's linked Google identities, oldest first. `db` may be a transaction. */
export async function listGoogleLinkEmails(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('identities')
    .select('email')
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.email);
}

/** Removes every linked identity of the account. `db` may be a transaction. */
export async function deleteGoogleLinksOf(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('identities').where('user_id', '=', userId).execute();
}
