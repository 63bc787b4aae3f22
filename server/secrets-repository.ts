/** Queries on `server_secrets`, the secrets every instance sharing the database reads alike (secrets.ts). */
import type { Kysely } from 'kysely';
import type { Database } from './db/schema';

export async function readSecret(db: Kysely<Database>, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value;
}

/** Stores the secret unless one of that name is there already: the first insert wins, the others are ignored. */
export async function insertSecretOnce(db: Kysely<Database>, name: string, value: string, now: Date): Promise<void> {
  await db
    .insertInto('server_secrets')
    .values({ name, value, created_at: now.toISOString() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
}
