/**
 * The entry point's patience with its database (main.ts): a database that is down at start (PostgreSQL
 * restarting with the host, say) is waited for, not a reason to exit (docs/operating.md).
 */
import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import { isDatabaseUnavailable } from './db/errors';
import { migrate } from './db/migrate';
import type { ServerLog } from './log';

/** How long a process waiting for its database at start waits between two tries. */
const DATABASE_RETRY_MS = 1000;

/** The database is down or restarting; the migrations wrap the driver's error in their own. */
const databaseAway = (error: unknown) =>
  isDatabaseUnavailable(error) || (error instanceof Error && isDatabaseUnavailable(error.cause));

/** Runs `work` until it no longer fails for want of the database; any other failure ends the start. */
export async function whenDatabaseAnswers(work: () => Promise<unknown>, log: ServerLog): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await work();
      return;
    } catch (error) {
      if (!databaseAway(error)) throw error;
      // The first try, then one line a minute: an outage of hours must not fill the log.
      if (attempt === 1 || attempt % 60 === 0) {
        log.logger.error({ event: 'database.unavailable', attempt, err: error }, 'waiting for the database to start');
      }
      await new Promise((resolve) => setTimeout(resolve, DATABASE_RETRY_MS));
    }
  }
}

/** Brings the schema up to date; answers false, instead of failing, when the database is away. */
export function migrateAtStart(db: Kysely<Database>): Promise<boolean> {
  return migrate(db).then(
    () => true,
    (error: unknown) => {
      if (!databaseAway(error)) throw error;
      return false;
    },
  );
}
