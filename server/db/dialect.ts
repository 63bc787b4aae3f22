/**
 * Which database a Kysely instance talks to, for the few places that cannot be written once for both
 * (each such place says why). Everything else must stay portable.
 */
import { type Kysely, PostgresAdapter } from 'kysely';

export type DialectName = 'postgres' | 'sqlite';

/** Takes any Kysely instance or transaction (the executor is all it reads). */
export function dialectOf(db: Pick<Kysely<never>, 'getExecutor'>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export function isPostgres(db: Pick<Kysely<never>, 'getExecutor'>): boolean {
  return dialectOf(db) === 'postgres';
}
