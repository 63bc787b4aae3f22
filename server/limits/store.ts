/**
 * Where the counters live. `openLimitStore` is the one place that chooses the store: with DATABASE_URL set, a
 * table in that PostgreSQL database, shared by every instance that uses it (server/limits/postgres.ts);
 * otherwise SQLite on its own file in DATA_DIR (server/limits/sqlite.ts).
 *
 * Time: rate-limiter-flexible reads `Date.now()` itself (it takes no clock), so the limits follow the system
 * clock, not the app's injected Clock. Tests that need a window to pass fake `Date` (vitest fake timers).
 */
import type SQLite from 'better-sqlite3';
import { type RateLimiterAbstract, RateLimiterSQLite } from 'rate-limiter-flexible';
import { MINUTE_MS } from '../clock';
import type { Config } from '../config';
import { withStatementCache } from '../db/statements';
import { openPostgresLimitStore } from './postgres';
import { LIMITS_TABLE, deleteExpired, openLimitsDatabase } from './sqlite';

export interface LimiterOptions {
  /** Also the prefix of the limiter's keys in the store, so limiters never share a counter. */
  name: string;
  points: number;
  durationSeconds: number;
}

export interface LimitStore {
  limiter(options: LimiterOptions): RateLimiterAbstract;
  /** Closes the store; the limiters made from it fail from then on. */
  close(): Promise<void>;
}

/** How often ended windows are deleted from the store (an ended window is ignored anyway; this bounds its size). */
export const SWEEP_INTERVAL_MS = 10 * MINUTE_MS;

export function openLimitStore(config: Pick<Config, 'DATA_DIR'> & Partial<Pick<Config, 'DATABASE_URL'>>): LimitStore {
  if (config.DATABASE_URL !== undefined) {
    return openPostgresLimitStore(config.DATABASE_URL, { sweepIntervalMs: SWEEP_INTERVAL_MS });
  }
  return sqliteLimitStore(openLimitsDatabase(config.DATA_DIR));
}

/**
 * What RateLimiterSQLite is given in place of the better-sqlite3 database: the library asks for a statement on
 * every count, and better-sqlite3 compiles one anew each time, which cost as much as the count itself
 * (docs/performance.md); here each of its few SQL texts is compiled once. The library wraps each count, one
 * `INSERT … ON CONFLICT … RETURNING` statement, in a transaction of its own; here it joins the turn's batch.
 */
function limitStoreClient(sqlite: SQLite.Database, batch: Batch): Pick<SQLite.Database, 'prepare' | 'transaction'> {
  const statements = withStatementCache(sqlite);
  return {
    prepare: ((source: string) => statements.prepare(source)) as SQLite.Database['prepare'],
    transaction: (<A extends unknown[], R>(fn: (...args: A) => R) =>
      (...args: A): R => {
        batch.join();
        return fn(...args);
      }) as unknown as SQLite.Database['transaction'],
  };
}

interface Batch {
  /** Opens the turn's transaction unless it is open already. */
  join(): void;
  /** Commits the open transaction now (before closing). */
  commit(): void;
}

/**
 * Counts made in the same turn of the event loop share one transaction on the limits' database, committed right
 * after the turn (setImmediate). With `synchronous = OFF` a commit waits for no disk, but it still appends to the
 * WAL and takes and releases its locks: a third of a count's cost (docs/performance.md). Nothing else changes:
 * each count is one atomic statement, seen at once by the next (the store has one connection); another process
 * sees the turn's counts a moment later; a crash loses at most that turn's counts, as `synchronous = OFF` allows.
 */
function batchPerTurn(sqlite: SQLite.Database, log: (error: unknown) => void): Batch {
  const begin = sqlite.prepare('BEGIN');
  const commitStatement = sqlite.prepare('COMMIT');
  const rollback = sqlite.prepare('ROLLBACK');
  let scheduled = false;
  const commit = () => {
    if (!sqlite.open || !sqlite.inTransaction) return;
    try {
      commitStatement.run();
    } catch (error) {
      log(error);
      if (sqlite.inTransaction) rollback.run();
    }
  };
  return {
    join() {
      if (!sqlite.inTransaction) begin.run();
      // Also when a transaction was left open (a commit failed, then its rollback): it is committed after this turn.
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        commit();
      });
    },
    commit,
  };
}

/** The limits on their own SQLite database (server/limits/sqlite.ts), which the store closes with itself. */
export function sqliteLimitStore(sqlite: SQLite.Database): LimitStore {
  // Our own sweep rather than the library's clearExpiredByTimeout, whose timers cannot be stopped on close.
  const sweep = setInterval(() => deleteExpired(sqlite, Date.now(), 0), SWEEP_INTERVAL_MS).unref();
  // A failed commit forgives that turn's counts; it is the database failing, and says so on standard error.
  const batch = batchPerTurn(sqlite, (error) => console.error('[limits] committing the counts failed:', error));
  const storeClient = limitStoreClient(sqlite, batch);
  return {
    limiter: ({ name, points, durationSeconds }) =>
      new RateLimiterSQLite({
        storeClient,
        storeType: 'better-sqlite3',
        tableName: LIMITS_TABLE,
        tableCreated: true,
        keyPrefix: name,
        points,
        duration: durationSeconds,
      }),
    async close() {
      clearInterval(sweep);
      batch.commit();
      if (sqlite.open) sqlite.close();
    },
  };
}
