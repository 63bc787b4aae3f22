/**
 * Which database a Kysely instance talks to, for the few places that cannot be written once for both
 * (each such place says why). Everything else must stay portable.
 */
import { type Kysely, PostgresAdapter } from 'kysely';

export type DialectName = 'postgres' | 'sqlite';

export function dialectOf<DB>(db: Kysely<DB>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export function isPostgres<DB>(db: Kysely<DB>): boolean {
  return dialectOf(db) === 'postgres';
}
