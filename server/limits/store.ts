/**
 * Where the counters live. `openLimitStore` is the one place that chooses the store: with DATABASE_URL set, a
 * table in that PostgreSQL database, shared by every instance that uses it (server/limits/postgres.ts);
 * otherwise SQLite on its own file in DATA_DIR (server/limits/sqlite-repository.ts).
 *
 * Time: rate-limiter-flexible reads `Date.now()` itself (it takes no clock), so the limits follow the system
 * clock, not the app's injected Clock. Tests that need a window to pass fake `Date` (vitest fake timers).
 */
import type SQLite from 'better-sqlite3';
import { type RateLimiterAbstract, RateLimiterSQLite } from 'rate-limiter-flexible';
import { MINUTE_MS } from '../clock';
import type { Config } from '../config';
import { openPostgresLimitStore } from './postgres';
import { LIMITS_TABLE, batchPerTurn, deleteExpired, limitStoreClient, openLimitsDatabase } from './sqlite-repository';

interface LimiterOptions {
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
const SWEEP_INTERVAL_MS = 10 * MINUTE_MS;

export function openLimitStore(config: Pick<Config, 'DATA_DIR'> & Partial<Pick<Config, 'DATABASE_URL'>>): LimitStore {
  if (config.DATABASE_URL !== undefined) {
    return openPostgresLimitStore(config.DATABASE_URL, { sweepIntervalMs: SWEEP_INTERVAL_MS });
  }
  return sqliteLimitStore(openLimitsDatabase(config.DATA_DIR));
}

/** The limits on their own SQLite database (server/limits/sqlite-repository.ts), which the store closes with itself. */
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
