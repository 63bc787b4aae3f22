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
