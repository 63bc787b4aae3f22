/**
 * The limits' store when DATABASE_URL is set: rate-limiter-flexible's RateLimiterPostgres on one table of that
 * database, so every server instance sharing it counts against the same counters (an attacker gains nothing by
 * landing on another instance). Its own small pool, apart from the main database's: a flood of counted
 * requests must not take the connections the work itself needs.
 *
 * The table is created here, not by the library: its creation runs in the background and a request arriving
 * before it ends would fail. Every query waits for the table instead, and a failed creation (the database
 * unreachable at start) is tried again by the next query.
 */
import type pg from 'pg';
import { openPool } from '../db/pg';
import { RateLimiterPostgres } from 'rate-limiter-flexible';
import type { LimitStore } from './store';

/** Not one of the app's tables (server/db): the migrations neither make nor know it. */
export const POSTGRES_LIMITS_TABLE = 'rate_limits';

/** The advisory lock held while the table is made; any fixed number no other lock of the app uses. */
export const CREATE_TABLE_LOCK = 8_006_101_042;

/** Connections of this store show under this name in pg_stat_activity. */
export const LIMITS_APPLICATION_NAME = 'storefront-limits';

const POOL_SIZE = 5;

/**
 * rate-limiter-flexible's own schema (lib/RateLimiterPostgres.js, whose upsert inserts in this column order;
 * `expire` in epoch milliseconds), plus the index the sweep deletes by. Instances starting together would
 * race on CREATE TABLE IF NOT EXISTS (PostgreSQL then fails one with a unique violation on pg_type), so the
 * creation holds a transaction-scoped advisory lock: one instance creates, the others wait and find it there.
 */
async function createTable(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT pg_advisory_xact_lock(${CREATE_TABLE_LOCK})`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${POSTGRES_LIMITS_TABLE} (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`,
    );
    await client.query(
      `CREATE INDEX IF NOT EXISTS ${POSTGRES_LIMITS_TABLE}_expire ON ${POSTGRES_LIMITS_TABLE} (expire)`,
    );
    await client.query('COMMIT');
    client.release();
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    // Discarded rather than returned to the pool: it may be the broken connection.
    client.release(true);
    throw error;
  }
}

export function openPostgresLimitStore(url: string, options: { sweepIntervalMs: number }): LimitStore {
  const pool = openPool(
    {
      connectionString: url,
      max: POOL_SIZE,
      application_name: LIMITS_APPLICATION_NAME,
      // An unreachable database must fail the request (as any store failure does), not hang it.
      connectionTimeoutMillis: 10_000,
      // Counting comes in bursts of queries of a millisecond or so. Connections left idle would hold slots of the
      // database's max_connections that every instance's main pool needs too; reopening one costs milliseconds.
      idleTimeoutMillis: 1_000,
    },
    'limits',
  );

  let creating: Promise<void> | undefined;
  const tableReady = () =>
    (creating ??= createTable(pool).catch((error: unknown) => {
      creating = undefined;
      throw error;
    }));
  // Started now so the first request rarely waits; should it fail, that request tries again and fails itself.
  tableReady().catch(() => undefined);

  // What the limiters query through (the library's 'pool' client type only calls `query`).
  const client = {
    async query(query: pg.QueryConfig) {
      await tableReady();
      return pool.query(query);
    },
  };

  // Our own sweep rather than the library's clearExpiredByTimeout, whose timers cannot be stopped on close.
  // A failed sweep only leaves ended windows a while longer (the limiter ignores them).
  const sweep = setInterval(() => {
    client
      .query({ text: `DELETE FROM ${POSTGRES_LIMITS_TABLE} WHERE expire < $1`, values: [Date.now()] })
      .catch((error: unknown) => console.error('[limits] sweeping ended windows failed:', (error as Error).message));
  }, options.sweepIntervalMs).unref();

  let closing: Promise<void> | undefined;
  return {
    limiter: ({ name, points, durationSeconds }) =>
      new RateLimiterPostgres({
        storeClient: client,
        storeType: 'pool',
        tableName: POSTGRES_LIMITS_TABLE,
        tableCreated: true,
        clearExpiredByTimeout: false,
        keyPrefix: name,
        points,
        duration: durationSeconds,
      }),
    close() {
      clearInterval(sweep);
      // pg refuses a second end() on a pool; app and tests may both close.
      return (closing ??= pool.end());
    },
  };
}
