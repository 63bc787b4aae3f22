/** Brings the database schema up to date; run at every start before the server accepts requests. */
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { migrations } from './migrations/index';
import type { Database } from './schema';

export async function migrate(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    // Thrown, not logged here: the caller (start-up) reports it and stops.
    const failed = (results ?? []).filter((result) => result.status === 'Error').map((result) => result.migrationName);
    const which = failed.length > 0 ? ` (${failed.join(', ')})` : '';
    throw new Error(`Database migration failed${which}; the server cannot start.`, { cause: error });
  }
}
