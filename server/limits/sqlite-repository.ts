/**
 * The limits' own SQLite database, DATA_DIR/limits.sqlite (or a private in-memory one when DATA_DIR is
 * ':memory:'). Its own file, not a table in the main database: counting a request must neither wait for the
 * main database's writer nor make it wait, and it must add no durable commit (fsync) to any request. So WAL
 * and `synchronous = OFF`: a count survives a restart or a crash of the process, and a power cut loses at
 * most the last moments of counts, which only forgives an attacker a few tries.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';

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
