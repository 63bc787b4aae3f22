/** The health check's one query: the cheapest the database can answer (health.ts bounds how long it may take). */
import { type Kysely, sql } from 'kysely';
import type { Database } from '#server/db/schema';

export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
