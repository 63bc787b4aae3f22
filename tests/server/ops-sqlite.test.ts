/**
 * server/ops/'s SQLite backup and restore (what `npm run backup` and `npm run restore` do on SQLite), called in this
 * process: backup.test.ts runs the scripts as processes of their own, which mutation testing (it changes only the
 * code loaded here) cannot see. On real things: temporary folders, a database migrated by the server's own
 * migrations, a second process holding a database open. The exact lines an operator reads and the exact refusals
 * are checked, so that a changed text or a flipped condition fails. The rest of server/ops/ is in ops.test.ts.
 */
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { PAYMENT_LINK_SECRET_MIN } from '#server/config';
import { DATABASE_FILE, openDatabase } from '#server/db/database';
import { OpsError } from '#server/ops/command';
import { backupKind, partialPath } from '#server/ops/files';
import { refuseLiveSqlite } from '#server/ops/live-site';
import { backupSqlite, restoreSqlite } from '#server/ops/sqlite';
import { LEGACY_SECRET_FILE, SIGNING_SECRET_NAME } from '#server/secrets';
import { cleanup, createDataDir } from './helpers';
import {
  ALL_MIGRATIONS,
  escape,
  failure,
  holdOpen,
  insertAccount,
  killHolders,
  openFilesUnder,
  refused,
  refusedNow,
  release,
  siteWith,
  sqliteBackup,
  timedLine,
  users,
} from './ops-helpers';

afterAll(async () => {
  killHolders();
  await cleanup();
});

describe('a SQLite backup and its restore', () => {
  it('round-trips the data into an empty DATA_DIR, privately and with nothing half-written left', async () => {
    const source = await siteWith(['ada@example.com', 'grace@example.com']);
    // An older install kept the signing secret in a file beside the database: the backup carries it in the rows.
    // As short as a secret may be: the shortest is still carried.
    const legacy = 'a legacy secret of 32 characters';
    expect(legacy).toHaveLength(PAYMENT_LINK_SECRET_MIN);
    writeFileSync(join(source, LEGACY_SECRET_FILE), `${legacy}\n`);
    // The server keeps its database open (WAL mode) while the backup runs.
    const serving = openDatabase(source);
    await insertAccount(serving, 'while-serving@example.com');
    const folder = createDataDir();
    const file = join(folder, 'site.backup');
    const backedUp: string[] = [];
    await backupSqlite(source, file, (line) => backedUp.push(line));
    await serving.destroy();
    // Nothing of the database, its copy or the backup is left open.
    expect([...openFilesUnder(source), ...openFilesUnder(folder)]).toEqual([]);

    expect(backedUp).toHaveLength(1);
    expect(backedUp[0]).toMatch(
      timedLine(`Backed up ${join(source, DATABASE_FILE)} to ${file}: `, statSync(file).size),
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(folder)).toEqual(['site.backup']);
    expect(backupKind(file)).toBe('sqlite');
    const copy = new SQLite(file, { readonly: true });
    try {
      // A file that stands alone: no -wal beside it is needed to read it.
      expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
      expect(copy.prepare('SELECT value FROM server_secrets WHERE name = ?').pluck().get(SIGNING_SECRET_NAME)).toBe(
        legacy,
      );
    } finally {
      copy.close();
    }

    // DATA_DIR need not exist yet: the restore makes it, readable by the server's user only.
    const target = join(createDataDir(), 'restored');
    const restored: string[] = [];
    await restoreSqlite(file, target, false, (line) => restored.push(line));
    expect([...openFilesUnder(target), ...openFilesUnder(folder)]).toEqual([]);
    const database = join(target, DATABASE_FILE);
    expect(restored).toHaveLength(1);
    expect(restored[0]).toMatch(
      timedLine(
        `Restored ${file} into ${database} (3 users, 0 invoices; its schema is up to date): `,
        statSync(database).size,
      ),
    );
    expect(statSync(target).mode & 0o777).toBe(0o700);
    expect(statSync(database).mode & 0o777).toBe(0o600);
    expect(readdirSync(target)).toEqual([DATABASE_FILE]);
    expect(await users(openDatabase(target))).toEqual([
      { email: 'ada@example.com', name: 'Kept Customer' },
      { email: 'grace@example.com', name: 'Kept Customer' },
      { email: 'while-serving@example.com', name: 'Kept Customer' },
    ]);
  });

  it('makes an existing DATA_DIR and the restored database private, whatever their modes were', async () => {
    const file = await sqliteBackup(['private@example.com']);
    // A backup copied about with looser rights, into a folder made by hand.
    chmodSync(file, 0o644);
    const target = createDataDir();
    chmodSync(target, 0o755);
    await restoreSqlite(file, target, false, () => {});
    expect(statSync(target).mode & 0o777).toBe(0o700);
    expect(statSync(join(target, DATABASE_FILE)).mode & 0o777).toBe(0o600);
  });

  it('leaves a short legacy secret out, and replaces an older backup at FILE only once the new one is whole', async () => {
    const source = await siteWith(['new@example.com']);
    writeFileSync(join(source, LEGACY_SECRET_FILE), 'too short');
    const folder = createDataDir();
    const file = join(folder, 'nightly.backup');
    writeFileSync(file, 'last night');
    chmodSync(file, 0o644);
    await backupSqlite(source, file, () => {});
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(folder)).toEqual(['nightly.backup']);
    const copy = new SQLite(file, { readonly: true });
    try {
      expect(copy.prepare('SELECT count(*) FROM server_secrets').pluck().get()).toBe(0);
      expect(copy.prepare('SELECT email FROM users').pluck().all()).toEqual(['new@example.com']);
    } finally {
      copy.close();
    }
  });

  it('refuses a DATA_DIR without a database, and an unwritable FILE, before writing anything', async () => {
    const empty = createDataDir();
    const folder = createDataDir();
    await refused(
      backupSqlite(empty, join(folder, 'site.backup'), () => {}),
      `No database at ${join(empty, DATABASE_FILE)}: nothing to back up. Is DATA_DIR (${empty}) the server's?`,
    );
    const source = await siteWith([]);
    const missing = join(folder, 'missing', 'site.backup');
    await refused(
      backupSqlite(source, missing, () => {}),
      `Cannot write the backup to ${missing}: the folder ${join(folder, 'missing')} does not exist.`,
    );
    expect(readdirSync(folder)).toEqual([]);
  });

  it('refuses a target that holds data unless forced; forced, it replaces the database and its -wal and -shm', async () => {
    const file = await sqliteBackup(['from-backup@example.com']);
    const target = await siteWith(['already-there@example.com']);
    const database = join(target, DATABASE_FILE);
    await refused(
      restoreSqlite(file, target, false, () => {}),
      `${target} already holds a database (${DATABASE_FILE}); restoring would replace it. Stop the server and ` +
        'run again with --force to replace it, or point DATA_DIR at an empty folder.',
    );
    expect(await users(openDatabase(target))).toEqual([{ email: 'already-there@example.com', name: 'Kept Customer' }]);

    // Leftovers SQLite would replay onto the restored file: the forced restore removes them.
    writeFileSync(`${database}-wal`, 'stale log');
    writeFileSync(`${database}-shm`, 'stale index');
    const lines: string[] = [];
    await restoreSqlite(file, target, true, (line) => lines.push(line));
    expect(lines[0]).toMatch(
      timedLine(
        `Restored ${file} into ${database} (1 users, 0 invoices; its schema is up to date): `,
        statSync(database).size,
      ),
    );
    expect(readdirSync(target).sort()).toEqual([DATABASE_FILE]);
    expect(await users(openDatabase(target))).toEqual([{ email: 'from-backup@example.com', name: 'Kept Customer' }]);
  });

  it('counts a non-empty -wal alone as data, and an empty database file as none', async () => {
    const file = await sqliteBackup(['one@example.com']);
    const walOnly = createDataDir();
    writeFileSync(join(walOnly, `${DATABASE_FILE}-wal`), 'committed pages');
    await refused(
      restoreSqlite(file, walOnly, false, () => {}),
      `${walOnly} already holds a database (${DATABASE_FILE}); restoring would replace it. Stop the server and ` +
        'run again with --force to replace it, or point DATA_DIR at an empty folder.',
    );
    const emptyFile = createDataDir();
    writeFileSync(join(emptyFile, DATABASE_FILE), '');
    await restoreSqlite(file, emptyFile, false, () => {});
    expect(await users(openDatabase(emptyFile))).toEqual([{ email: 'one@example.com', name: 'Kept Customer' }]);
  });

  it('refuses files that are no backup of this site, and leaves the target untouched', async () => {
    const folder = createDataDir();
    const target = join(createDataDir(), 'target');
    const text = join(folder, 'notes.txt');
    writeFileSync(text, 'these are not the rows you are looking for');
    await refused(
      restoreSqlite(text, target, false, () => {}),
      `${text} is not a backup made by npm run backup.`,
    );
    const dump = join(folder, 'site.pgdump');
    writeFileSync(dump, 'PGDMP\x01\x0e\x00 and the rest of an archive');
    await refused(
      restoreSqlite(dump, target, false, () => {}),
      `${dump} is a PostgreSQL backup (pg_dump): set DATABASE_URL to the empty database to restore it into.`,
    );
    const other = join(folder, 'other.sqlite');
    const foreign = new SQLite(other);
    foreign.exec('CREATE TABLE kysely_migration (name TEXT, timestamp TEXT)');
    foreign.close();
    await refused(
      restoreSqlite(other, target, false, () => {}),
      `${other} is a SQLite database, but not the storefront's.`,
    );
    const usersOnly = join(folder, 'users-only.sqlite');
    const half = new SQLite(usersOnly);
    half.exec('CREATE TABLE users (id TEXT)');
    half.close();
    await refused(
      restoreSqlite(usersOnly, target, false, () => {}),
      `${usersOnly} is a SQLite database, but not the storefront's.`,
    );
    await refused(
      restoreSqlite(join(folder, 'absent.backup'), target, false, () => {}),
      `No backup at ${join(folder, 'absent.backup')}: the file does not exist.`,
    );
    expect(() => statSync(target)).toThrow();
  });

  it('refuses a damaged backup with SQLite’s own finding', async () => {
    const file = join(createDataDir(), 'damaged.backup');
    const db = new SQLite(file);
    db.exec('CREATE TABLE kysely_migration (name TEXT, timestamp TEXT); CREATE TABLE users (id TEXT)');
    db.exec(
      'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) ' +
        "INSERT INTO users (id) SELECT 'user-' || i || '-' || hex(zeroblob(25)) FROM n",
    );
    db.close();
    // A page in the middle of the users table overwritten, as a bad disk or a copy cut short would leave it.
    const bytes = readFileSync(file);
    bytes.fill(0x41, 6 * 4096, 7 * 4096);
    writeFileSync(file, bytes);
    const target = createDataDir();
    const error = await failure(restoreSqlite(file, target, false, () => {}));
    expect(error).toBeInstanceOf(OpsError);
    // SQLite's own finding follows (which page, which tree): the part before it is this site's.
    expect(error.message).toMatch(
      new RegExp(`^${escape(`${file} is damaged (SQLite's quick_check: *** in database main ***`)}`),
    );
    expect(readdirSync(target)).toEqual([]);
  });

  it('says why a backup failed, and removes its partial file', async () => {
    const source = createDataDir();
    writeFileSync(join(source, DATABASE_FILE), 'not a database at all, only some text');
    const folder = createDataDir();
    const file = join(folder, 'site.backup');
    await refused(
      backupSqlite(source, file, () => {}),
      `The backup of ${join(source, DATABASE_FILE)} failed: file is not a database`,
    );
    expect(readdirSync(folder)).toEqual([]);
  });

  it('says why a restore failed, and removes its partial file', async () => {
    const file = await sqliteBackup(['one@example.com']);
    // A folder where the database should be: the copy cannot take its name.
    const target = createDataDir();
    mkdirSync(join(target, DATABASE_FILE));
    const database = join(target, DATABASE_FILE);
    await refused(
      restoreSqlite(file, target, true, () => {}),
      `Cannot restore into ${target}: EISDIR: illegal operation on a directory, rename '${partialPath(database)}' -> '${database}'`,
    );
    expect(readdirSync(target)).toEqual([DATABASE_FILE]);
  });

  it('refuses a backup from a newer version of the site, and one without migration rows', async () => {
    const file = await sqliteBackup(['future@example.com']);
    const newer = new SQLite(file);
    newer.prepare('INSERT INTO kysely_migration (name, timestamp) VALUES (?, ?)').run('9999_future', '2030-01-01');
    newer.close();
    const target = createDataDir();
    await refused(
      restoreSqlite(file, target, false, () => {}),
      `${file} comes from a newer version of the site (migrations 9999_future are unknown to this one): ` +
        'deploy that version, then restore.',
    );
    const none = new SQLite(file);
    none.exec('DELETE FROM kysely_migration');
    none.close();
    await refused(
      restoreSqlite(file, target, false, () => {}),
      `${file} holds no storefront database (no kysely_migration rows): is it the right file?`,
    );
    expect(readdirSync(target)).toEqual([]);
  });

  it('notes the migrations an older backup still needs', async () => {
    const file = await sqliteBackup(['older@example.com']);
    const older = new SQLite(file);
    older
      .prepare('DELETE FROM kysely_migration WHERE name IN (?, ?)')
      .run(ALL_MIGRATIONS.at(-1), ALL_MIGRATIONS.at(-2));
    older.close();
    const target = createDataDir();
    const lines: string[] = [];
    await restoreSqlite(file, target, false, (line) => lines.push(line));
    const database = join(target, DATABASE_FILE);
    expect(lines[0]).toMatch(
      timedLine(
        `Restored ${file} into ${database} (1 users, 0 invoices; the server applies 2 newer migration(s) to it at ` +
          'its next start): ',
        statSync(database).size,
      ),
    );
  });
});

describe('a restore over a live SQLite site', () => {
  it('is refused while another process holds the database or its -wal, even forced, and goes through once none does', async () => {
    const file = await sqliteBackup(['restored@example.com']);
    const target = await siteWith(['live@example.com']);
    const database = join(target, DATABASE_FILE);
    const live = (pid: number | undefined) =>
      `A server is running on ${target}: process ${String(pid)} has its database open. Stop every server ` +
      'on it, restore, then start them again (--force does not change this).';

    // No other process: this one holding it open does not count (a restore never holds it while it checks).
    const own = openDatabase(target);
    expect(() => refuseLiveSqlite(target, database)).not.toThrow();
    await own.destroy();

    const server = await holdOpen(database);
    refusedNow(() => refuseLiveSqlite(target, database), live(server.pid));
    await refused(
      restoreSqlite(file, target, true, () => {}),
      live(server.pid),
    );
    await release(server);

    writeFileSync(`${database}-wal`, '');
    const writer = await holdOpen(`${database}-wal`);
    refusedNow(() => refuseLiveSqlite(target, database), live(writer.pid));
    await release(writer);

    expect(() => refuseLiveSqlite(target, database)).not.toThrow();
    expect(() => refuseLiveSqlite(target, join(target, 'absent.sqlite'))).not.toThrow();
    await restoreSqlite(file, target, true, () => {});
    expect(await users(openDatabase(target))).toEqual([{ email: 'restored@example.com', name: 'Kept Customer' }]);
  });

  it('names every process that holds it', async () => {
    const target = await siteWith([]);
    const database = join(target, DATABASE_FILE);
    const first = await holdOpen(database);
    const second = await holdOpen(database);
    const pids = [first.pid, second.pid].sort((x, y) => x! - y!).join(', ');
    refusedNow(
      () => refuseLiveSqlite(target, database),
      `A server is running on ${target}: process ${pids} has its database open. Stop every server ` +
        'on it, restore, then start them again (--force does not change this).',
    );
    await release(first);
    await release(second);
  });
});
