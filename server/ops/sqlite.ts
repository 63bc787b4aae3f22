/**
 * Backup and restore of the embedded database, DATA_DIR/storefront.sqlite (server/db/database.ts), while the
 * server runs. The copy is made with SQLite's online backup API (better-sqlite3's `db.backup`) in ONE step:
 * that step reads inside one read transaction, so the copy is the database as one commit left it, and in WAL
 * mode (which the server uses) a reader never blocks the server's writes. (Copied in small steps instead, a
 * write by the server between two steps restarts the copy, and under steady load it might never end.)
 *
 * DATA_DIR/limits.sqlite (request counters, server/limits/sqlite-repository.ts) is not backed up: after a restore the
 * limits start from zero, which only forgives a few minutes of attempts. docs/operating.md says what else
 * DATA_DIR holds and why the backup is this one file.
 */
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { PAYMENT_LINK_SECRET_MIN } from '../config';
import { DATABASE_FILE } from '../db/database';
import { LEGACY_SECRET_FILE, SIGNING_SECRET_NAME } from '../secrets';
import { refuseLiveSqlite } from './live-site';
import { OpsError, sizeAndTime } from './command';
import { assertWritable, backupKind, createPrivate, partialPath, putInPlace, removeQuietly, syncFile } from './files';
import { assertKnownMigrations, migrationNote } from './restored-schema';

/** better-sqlite3 caps pages per step at 2^31-1: every page of the database in the one step. */
const ALL_PAGES = 0x7fffffff;
/** As long as the server waits for a competing writer (server/db/database.ts). */
const BUSY_TIMEOUT_MS = 5000;

export async function backupSqlite(dataDir: string, file: string, print: (line: string) => void): Promise<void> {
  const started = performance.now();
  const source = join(dataDir, DATABASE_FILE);
  if (!existsSync(source)) {
    throw new OpsError(`No database at ${source}: nothing to back up. Is DATA_DIR (${dataDir}) the server's?`);
  }
  assertWritable(file);
  const partial = partialPath(file);
  createPrivate(partial);
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(source, { fileMustExist: true });
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    await db.backup(partial, { progress: () => ALL_PAGES });
    db.close();
    db = undefined;
    finishCopy(partial, dataDir);
    putInPlace(partial, file);
  } catch (error) {
    db?.close();
    removeQuietly(partial);
    if (error instanceof OpsError) throw error;
    throw new OpsError(`The backup of ${source} failed: ${(error as Error).message}`);
  }
  print(`Backed up ${source} to ${file}: ${sizeAndTime(statSync(file).size, started)}.`);
}

/**
 * Makes the copy a file that stands alone and is whole: out of WAL mode (the page copy keeps the source's
 * journal mode; a WAL-mode file would need -wal and -shm files beside it when read), checked page by page,
 * and holding the signing secret an older install still kept beside the database (server/secrets.ts).
 */
function finishCopy(partial: string, dataDir: string): void {
  const copy = new SQLite(partial, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new OpsError(`The copy failed SQLite's quick_check: ${String(check)}.`);
    const legacy = legacySecret(dataDir);
    // What the server itself does on the first payment link after the upgrade: the file's secret seeds the row.
    if (legacy !== undefined) {
      copy
        .prepare('INSERT INTO server_secrets (name, value, created_at) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING')
        .run(SIGNING_SECRET_NAME, legacy, new Date().toISOString());
    }
  } finally {
    copy.close();
  }
}

function legacySecret(dataDir: string): string | undefined {
  try {
    const secret = readFileSync(join(dataDir, LEGACY_SECRET_FILE), 'utf8').trim();
    return secret.length >= PAYMENT_LINK_SECRET_MIN ? secret : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Puts the backup in FILE into DATA_DIR as the server's database. Refuses a DATA_DIR that already holds one
 * unless `force`; with `force`, the old database (and its -wal and -shm files, which SQLite would otherwise
 * replay onto the restored file) is replaced. The server must be stopped first: it would keep writing to the
 * replaced file.
 */
export async function restoreSqlite(
  file: string,
  dataDir: string,
  force: boolean,
  print: (line: string) => void,
): Promise<void> {
  const started = performance.now();
  const kind = backupKind(file);
  if (kind === 'postgres') {
    throw new OpsError(
      `${file} is a PostgreSQL backup (pg_dump): set DATABASE_URL to the empty database to restore it into.`,
    );
  }
  if (kind !== 'sqlite') throw new OpsError(`${file} is not a backup made by npm run backup.`);
  const applied = readBackup(file);
  assertKnownMigrations(applied.migrations, file);

  const target = join(dataDir, DATABASE_FILE);
  refuseLiveSqlite(dataDir, target);
  const held = [target, `${target}-wal`].some((path) => existsSync(path) && statSync(path).size > 0);
  if (held && !force) {
    throw new OpsError(
      `${dataDir} already holds a database (${DATABASE_FILE}); restoring would replace it. Stop the server and ` +
        'run again with --force to replace it, or point DATA_DIR at an empty folder.',
    );
  }
  // As the server makes it (server/db/database.ts): only the server's user may read the data.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  const partial = partialPath(target);
  try {
    copyFileSync(file, partial);
    chmodSync(partial, 0o600);
    syncFile(partial);
    for (const leftover of [`${target}-wal`, `${target}-shm`]) removeQuietly(leftover);
    putInPlace(partial, target);
  } catch (error) {
    removeQuietly(partial);
    throw new OpsError(`Cannot restore into ${dataDir}: ${(error as Error).message}`);
  }
  print(
    `Restored ${file} into ${target} (${applied.summary}; ${migrationNote(applied.migrations)}): ` +
      `${sizeAndTime(statSync(target).size, started)}.`,
  );
}

/** Opens the backup read-only: is it whole, is it ours, and what does it hold. */
function readBackup(file: string): { migrations: string[]; summary: string } {
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new OpsError(`Cannot open ${file}: ${(error as Error).message}`);
  }
  try {
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new OpsError(`${file} is damaged (SQLite's quick_check: ${String(check)}).`);
    const hasTable = (name: string) =>
      db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?").get(name) !== undefined;
    if (!hasTable('kysely_migration') || !hasTable('users')) {
      throw new OpsError(`${file} is a SQLite database, but not the storefront's.`);
    }
    const migrations = db.prepare('SELECT name FROM kysely_migration ORDER BY name').pluck().all() as string[];
    const count = (table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
    return { migrations, summary: `${count('users')} users, ${count('invoices')} invoices` };
  } finally {
    db.close();
  }
}
