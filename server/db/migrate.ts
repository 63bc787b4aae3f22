/** Brings the database schema up to date; run at every start before the server accepts requests. */
import { type Kysely, Migrator } from 'kysely';
import { migrations } from './migrations/index';
import type { Database } from './schema';

export async function migrate(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === 'Error') console.error(`[db] migration ${result.migrationName} failed`);
  }
  if (error) {
    throw new Error('Database migration failed; the server cannot start.', { cause: error });
  }
}
