/**
 * Opens the database through Kysely: PostgreSQL (Kysely's PostgresDialect over `pg`) when DATABASE_URL names
 * one, otherwise the embedded SQLite file in DATA_DIR. Kysely (not raw better-sqlite3 or pg) so that every
 * query is built and parameterised the same way whichever database runs underneath.
 */
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import type { Config } from '../config';
import { trackChanges } from './change-stamp';
import { openPool } from './pg';
import type { Database } from './schema';
import { ImmediateSqliteDialect } from './sqlite-dialect';
import { withStatementCache } from './statements';

export const DATABASE_FILE = 'storefront.sqlite';

/** PostgreSQL when DATABASE_URL is set (config.ts accepts only postgres:// and postgresql:// there), else SQLite. */
export function openConfiguredDatabase(config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL'>): Kysely<Database> {
  return config.DATABASE_URL !== undefined ? openPostgresDatabase(config.DATABASE_URL) : openDatabase(config.DATA_DIR);
}

/**
 * A pool of connections to the PostgreSQL database at `url` (postgres://user:password@host:port/database).
 * The pool opens connections lazily: a wrong address or password shows at the first query (the migrations
 * at start-up), not here.
 */
export function openPostgresDatabase(url: string, options: { max?: number } = {}): Kysely<Database> {
  const pool = openPool(
    {
      connectionString: url,
      max: options.max ?? 10,
      // How a restore (server/ops/live-site.ts) and an operator's pg_stat_activity name this site's connections.
      application_name: 'storefront',
      // A lost database must fail a request, not hang it.
      connectionTimeoutMillis: 10_000,
    },
    'db',
  );
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * The embedded SQLite database. `dataDir` is a directory (created if missing) holding `storefront.sqlite`,
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
    // A folder that was there before (made by hand, a volume) is tightened too.
    chmodSync(dataDir, 0o700);
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

  const statements = withStatementCache(sqlite);
  let stopTracking = () => {};
  const closing = () => {
    stopTracking();
    statements.close();
  };
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: { ...statements, close: closing } }),
  });
  // The read cache keeps its answers only while this stamp stands still (read-cache.ts).
  stopTracking = trackChanges(db, sqlite);
  return db;
}
