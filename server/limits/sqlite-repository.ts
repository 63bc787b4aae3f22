/**
 * The limits' own SQLite database, DATA_DIR/limits.sqlite (or a private in-memory one when DATA_DIR is
 * ':memory:'). Its own file, not a table in the main database: counting a request must neither wait for the
 * main database's writer nor make it wait, and it must add no durable commit (fsync) to any request. So WAL
 * and `synchronous = OFF`: a count survives a restart or a crash of the process, and a power cut loses at
 * most the last moments of counts, which only forgives an attacker a few tries. Every statement the limits run
 * on it is here: the schema, the sweep, and the client and batching handed to rate-limiter-flexible.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { withStatementCache } from '../db/statements';

export const LIMITS_FILE = 'limits.sqlite';
/** The one table every limiter shares (each keeps its keys under its own prefix). */
export const LIMITS_TABLE = 'limits';

export function openLimitsDatabase(dataDir: string): SQLite.Database {
  let sqlite: SQLite.Database;
  if (dataDir === ':memory:') {
    sqlite = new SQLite(':memory:');
  } else {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const file = join(dataDir, LIMITS_FILE);
    // Created 0600 before SQLite opens it (SQLite gives its -wal and -shm files the database file's mode).
    closeSync(openSync(file, 'a', 0o600));
    sqlite = new SQLite(file);
    for (const path of [file, `${file}-wal`, `${file}-shm`]) {
      if (existsSync(path)) chmodSync(path, 0o600);
    }
    sqlite.pragma('journal_mode = WAL');
  }
  sqlite.pragma('synchronous = OFF');
  // A second process during a deploy: wait for its write instead of failing the request.
  sqlite.pragma('busy_timeout = 5000');
  // rate-limiter-flexible's own schema for RateLimiterSQLite, created here, synchronously, before any request.
  sqlite.exec(
    `CREATE TABLE IF NOT EXISTS ${LIMITS_TABLE} (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER);
     CREATE INDEX IF NOT EXISTS ${LIMITS_TABLE}_expire ON ${LIMITS_TABLE} (expire);`,
  );
  return sqlite;
}

/** Deletes the counters whose window ended more than `graceMs` ago. */
export function deleteExpired(sqlite: SQLite.Database, now: number, graceMs: number): number {
  return sqlite.prepare(`DELETE FROM ${LIMITS_TABLE} WHERE expire < ?`).run(now - graceMs).changes;
}

/**
 * What RateLimiterSQLite is given in place of the better-sqlite3 database: the library asks for a statement on
 * every count, and better-sqlite3 compiles one anew each time, which cost as much as the count itself
 * (docs/performance.md); here each of its few SQL texts is compiled once. The library wraps each count, one
 * `INSERT … ON CONFLICT … RETURNING` statement, in a transaction of its own; here it joins the turn's batch.
 */
export function limitStoreClient(
  sqlite: SQLite.Database,
  batch: Batch,
): Pick<SQLite.Database, 'prepare' | 'transaction'> {
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

export interface Batch {
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
export function batchPerTurn(sqlite: SQLite.Database, log: (error: unknown) => void): Batch {
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
