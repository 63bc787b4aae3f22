/**
 * Opens the embedded SQLite database through Kysely. Kysely (not raw better-sqlite3) so that every
 * query is built and parameterised the same way, and a PostgreSQL dialect can take over later.
 */
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './schema';

export const DATABASE_FILE = 'storefront.sqlite';

/**
 * `dataDir` is a directory (created if missing) holding `storefront.sqlite`,
 * or the string ':memory:' for a private throw-away database (tests).
 */
export function openDatabase(dataDir: string): Kysely<Database> {
  let sqlite: SQLite.Database;
  if (dataDir === ':memory:') {
    sqlite = new SQLite(':memory:');
  } else {
    // Only the server's own user may read the data: the folder 0700, the database files 0600 (SQLite gives
    // its -wal and -shm files the database file's mode).
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const file = join(dataDir, DATABASE_FILE);
    sqlite = new SQLite(file);
    for (const path of [file, `${file}-wal`, `${file}-shm`]) {
      if (existsSync(path)) chmodSync(path, 0o600);
    }
    // WAL: readers do not block the writer and a crash cannot corrupt the file.
    sqlite.pragma('journal_mode = WAL');
  }
  // FULL (not WAL's usual NORMAL): a committed write survives even a power cut; our write volume is tiny.
  sqlite.pragma('synchronous = FULL');
  // SQLite leaves foreign keys off unless asked; sessions rely on ON DELETE CASCADE.
  sqlite.pragma('foreign_keys = ON');
  // Wait for a competing writer (e.g. a second process during a deploy) instead of failing at once.
  sqlite.pragma('busy_timeout = 5000');

  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}
