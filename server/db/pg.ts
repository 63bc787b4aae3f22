/**
 * `pg`, loaded when a PostgreSQL database is first opened rather than at start: the embedded SQLite default
 * never needs it, and loading it took about 60 ms at start (docs/performance.md).
 */
import { createRequire } from 'node:module';
import type pg from 'pg';

const require = createRequire(import.meta.url);

export function loadPg(): typeof pg {
  return require('pg') as typeof pg;
}

/**
 * A pool whose every connection has its errors handled, for as long as it lives. A connection the database ends
 * (a crash, a restart, `pg_terminate_backend`, a network cut) emits 'error' on its client, and an 'error' nobody
 * listens to ends the process. The pool listens only while a connection is idle; one checked out (between two
 * statements of a transaction, say) is its holder's to watch, and neither Kysely nor our code watched it. So
 * each new connection gets a listener of its own here: the error is reported once, the statement under way
 * fails (answered 503, server/db/errors.ts), and the pool drops the broken connection when it comes back and
 * opens a fresh one on the next checkout (docs/operating.md#when-the-database-fails).
 */
export function openPool(config: pg.PoolConfig, name: string): pg.Pool {
  const pool = new (loadPg().Pool)(config);
  const report = (error: Error) => console.error(`[${name}] PostgreSQL connection failed:`, error.message);
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  return pool;
}
