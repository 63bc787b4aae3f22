/**
 * server/ops/ (what `npm run backup` and `npm run restore` do), called in this process: backup.test.ts runs the
 * scripts as processes of their own, as an operator does, and so mutation testing (which changes only the code
 * loaded here) sees none of server/ops/ covered. These tests call the same functions directly, on real things:
 * temporary folders, a SQLite database migrated by the server's own migrations, a throw-away PostgreSQL cluster
 * with pg_dump and pg_restore, a second process holding a database open. They check the exact lines an operator
 * reads and the exact refusals, so that a changed text or a flipped condition fails here. The SQLite backup and
 * restore are in ops-sqlite.test.ts.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openPostgresDatabase } from '#server/db/database';
import { migrate } from '#server/db/migrate';
import { OpsError, runOpsCommand, sizeAndTime, type OpsArgs } from '#server/ops/command';
import { assertWritable, backupKind, partialPath, putInPlace } from '#server/ops/files';
import { refuseLivePostgres } from '#server/ops/live-site';
import { backupPostgres, restorePostgres } from '#server/ops/postgres';
import { describeDatabase } from '#server/ops/postgres-tools';
import { assertKnownMigrations, migrationNote } from '#server/ops/restored-schema';
import { cleanup, createDataDir, createPostgresDatabase } from './helpers';
import {
  ALL_MIGRATIONS,
  failure,
  insertAccount,
  killHolders,
  refused,
  refusedNow,
  sqliteBackup,
  timedLine,
  users,
} from './ops-helpers';

afterAll(async () => {
  killHolders();
  await cleanup();
});

describe('refuseLivePostgres', () => {
  it('passes with no other client, and names each one otherwise', () => {
    expect(() => refuseLivePostgres('db:5432/shop', [])).not.toThrow();
    refusedNow(
      () =>
        refuseLivePostgres('db:5432/shop', [
          { pid: 41, name: 'storefront' },
          { pid: 42, name: 'a client' },
        ]),
      'The database db:5432/shop is in use: 2 other connection(s): storefront (pid 41), a client (pid 42). Stop ' +
        'every server on it, restore, then start them again (--force does not change this).',
    );
  });
});

describe('backup files on disk', () => {
  it('backupKind tells a SQLite database, a pg_dump archive and anything else apart', async () => {
    const folder = createDataDir();
    const file = await sqliteBackup([]);
    expect(backupKind(file)).toBe('sqlite');
    const dump = join(folder, 'dump');
    writeFileSync(dump, 'PGDMP\x01\x0e\x00\x04\x08\x01\x01\x01');
    expect(backupKind(dump)).toBe('postgres');
    const short = join(folder, 'short');
    writeFileSync(short, 'PGD');
    expect(backupKind(short)).toBe('unknown');
    // The first 15 bytes of SQLite's header without its closing NUL: not a database.
    const almost = join(folder, 'almost');
    writeFileSync(almost, 'SQLite format 3 and then some text');
    expect(backupKind(almost)).toBe('unknown');
    const empty = join(folder, 'empty');
    writeFileSync(empty, '');
    expect(backupKind(empty)).toBe('unknown');
    refusedNow(
      () => backupKind(join(folder, 'nothing')),
      `No backup at ${join(folder, 'nothing')}: the file does not exist.`,
    );
    refusedNow(() => backupKind(folder), `${folder} is not a file.`);
  });

  it('assertWritable refuses a missing folder, a file for a folder and a folder for FILE, and passes a usable path', () => {
    const folder = createDataDir();
    const plain = join(folder, 'plain');
    writeFileSync(plain, 'a file');
    expect(() => assertWritable(join(folder, 'site.backup'))).not.toThrow();
    // An existing backup at FILE is fine: it is replaced once the new one is whole.
    expect(() => assertWritable(plain)).not.toThrow();
    refusedNow(
      () => assertWritable(join(folder, 'gone', 'site.backup')),
      `Cannot write the backup to ${join(folder, 'gone', 'site.backup')}: the folder ${join(folder, 'gone')} does not exist.`,
    );
    refusedNow(
      () => assertWritable(join(plain, 'site.backup')),
      `Cannot write the backup to ${join(plain, 'site.backup')}: ${plain} is not a folder.`,
    );
    const sub = join(folder, 'sub');
    mkdirSync(sub);
    refusedNow(() => assertWritable(sub), `Cannot write the backup to ${sub}: it is a folder.`);
  });

  it('putInPlace gives the partial file FILE’s name, replacing what was there', () => {
    const folder = createDataDir();
    const file = join(folder, 'site.backup');
    const partial = partialPath(file);
    expect(partial).toBe(`${file}.partial-${process.pid}`);
    writeFileSync(file, 'old');
    writeFileSync(partial, 'new');
    putInPlace(partial, file);
    expect(readFileSync(file, 'utf8')).toBe('new');
    expect(readdirSync(folder)).toEqual(['site.backup']);
  });
});

describe('the migrations a backup carries', () => {
  it('assertKnownMigrations accepts known names and refuses none or unknown ones', () => {
    expect(() => assertKnownMigrations(ALL_MIGRATIONS, 'x.backup')).not.toThrow();
    expect(() => assertKnownMigrations(ALL_MIGRATIONS.slice(0, 3), 'x.backup')).not.toThrow();
    refusedNow(
      () => assertKnownMigrations([], 'x.backup'),
      'x.backup holds no storefront database (no kysely_migration rows): is it the right file?',
    );
    refusedNow(
      () => assertKnownMigrations([...ALL_MIGRATIONS, '9998_next', '9999_later'], 'x.backup'),
      'x.backup comes from a newer version of the site (migrations 9998_next, 9999_later are unknown to this one): ' +
        'deploy that version, then restore.',
    );
  });

  it('migrationNote says how many migrations the next start applies', () => {
    expect(migrationNote(ALL_MIGRATIONS)).toBe('its schema is up to date');
    expect(migrationNote([...ALL_MIGRATIONS, '9999_later'])).toBe('its schema is up to date');
    expect(migrationNote(ALL_MIGRATIONS.slice(0, -1))).toBe(
      'the server applies 1 newer migration(s) to it at its next start',
    );
    expect(migrationNote([])).toBe(
      `the server applies ${ALL_MIGRATIONS.length} newer migration(s) to it at its next start`,
    );
  });
});

describe('what the operator reads', () => {
  it('sizeAndTime: megabytes to two places under 10 MB, to one from there, and seconds to two', () => {
    const now = performance.now();
    expect(sizeAndTime(1_234_567, now)).toMatch(/^1\.23 MB in 0\.0\d s$/);
    expect(sizeAndTime(9_994_999, now)).toMatch(/^9\.99 MB in 0\.0\d s$/);
    expect(sizeAndTime(10_000_000, now)).toMatch(/^10\.0 MB in 0\.0\d s$/);
    expect(sizeAndTime(12_345_678, now)).toMatch(/^12\.3 MB in 0\.0\d s$/);
    expect(sizeAndTime(0, performance.now() - 1500)).toMatch(/^0\.00 MB in 1\.5\d s$/);
  });

  it('describeDatabase: host, port and database, never the password', () => {
    expect(describeDatabase('postgres://shop:secret@db.example:6543/shop')).toBe('db.example:6543/shop');
    expect(describeDatabase('postgresql://shop:secret@db.example/shop')).toBe('db.example:5432/shop');
    expect(describeDatabase('postgres:///shop')).toBe('localhost:5432/shop');
  });
});

describe('runOpsCommand', () => {
  const USAGE = 'Usage: test -- FILE';
  const exitCodeBefore = process.exitCode;
  afterEach(() => {
    process.exitCode = exitCodeBefore;
  });

  /**
   * Runs a command as a script would, with `argv` after the script's name: the function reads process.argv,
   * writes to console.error and sets process.exitCode, so this sets the first and keeps what the others got.
   */
  async function command(
    argv: string[],
    allowForce: boolean,
    work: (args: OpsArgs) => Promise<void> = async () => {},
    env: Record<string, string> = {},
  ) {
    const calls: Array<{ args: OpsArgs; dataDir: string }> = [];
    const errors: unknown[][] = [];
    const savedArgv = process.argv;
    const savedError = console.error;
    const savedEnv = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
    let done: Promise<void> = Promise.resolve();
    process.argv = [process.execPath, 'scripts/test.ts', ...argv];
    Object.assign(process.env, env);
    console.error = (...parts: unknown[]) => void errors.push(parts);
    process.exitCode = undefined;
    try {
      runOpsCommand('test', USAGE, allowForce, (args, config) => {
        calls.push({ args, dataDir: config.DATA_DIR });
        const working = work(args);
        done = working.catch(() => {});
        return working;
      });
      await done;
      // The exit code is set once the work's promise settles, a turn later.
      await new Promise((resolve) => setImmediate(resolve));
      return { code: process.exitCode, errors, calls };
    } finally {
      process.argv = savedArgv;
      console.error = savedError;
      for (const [key, value] of Object.entries(savedEnv)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  }

  it('runs the work with FILE and the configuration, and exits 0', async () => {
    const dataDir = createDataDir();
    expect(await command(['site.backup'], false, undefined, { DATA_DIR: dataDir })).toEqual({
      code: 0,
      errors: [],
      calls: [{ args: { file: 'site.backup', force: false }, dataDir }],
    });
    // "-" is a FILE (standard input or output to some tools), not an option.
    expect((await command(['-'], false)).calls.map((call) => call.args)).toEqual([{ file: '-', force: false }]);
  });

  it('takes --force where it is allowed, before or after FILE', async () => {
    expect((await command(['--force', 'site.backup'], true)).calls.map((call) => call.args)).toEqual([
      { file: 'site.backup', force: true },
    ]);
    const after = await command(['site.backup', '--force'], true);
    expect(after.code).toBe(0);
    expect(after.calls.map((call) => call.args)).toEqual([{ file: 'site.backup', force: true }]);
  });

  it('exits 2 with the usage on a wrong command line, without running the work', async () => {
    const cases: Array<[string[], boolean, string]> = [
      [[], false, 'Say which FILE.'],
      [['  '], true, 'Say which FILE.'],
      [['a.backup', 'b.backup'], false, 'One FILE only, got 2: a.backup b.backup.'],
      [['a', '--force', 'b'], true, 'One FILE only, got 2: a b.'],
      [['--force', 'site.backup'], false, 'Unknown option "--force".'],
      [['site.backup', '-x'], true, 'Unknown option "-x".'],
      [['--forced', 'site.backup'], true, 'Unknown option "--forced".'],
    ];
    for (const [argv, allowForce, message] of cases) {
      expect(await command(argv, allowForce)).toEqual({
        code: 2,
        errors: [[`test: ${message}\n\n${USAGE}`]],
        calls: [],
      });
    }
  });

  it('exits 1 with the message alone on a configuration error, without running the work', async () => {
    expect(await command(['site.backup'], false, undefined, { PAYMENT_LINK_SECRET: 'too short' })).toEqual({
      code: 1,
      errors: [['test: configuration error: PAYMENT_LINK_SECRET must be at least 32 characters long.']],
      calls: [],
    });
  });

  it('exits 1 on a failure: an OpsError as its message alone, anything else with its stack', async () => {
    const refusal = await command(['site.backup'], false, () => Promise.reject(new OpsError('Refused, and why.')));
    expect(refusal.code).toBe(1);
    expect(refusal.errors).toEqual([['test: Refused, and why.']]);
    const bug = new Error('a bug');
    const crashed = await command(['site.backup'], false, () => Promise.reject(bug));
    expect(crashed.code).toBe(1);
    expect(crashed.errors).toEqual([['test failed:', bug]]);
  });
});

describe('PostgreSQL backup and restore', () => {
  async function migratedWith(url: string, emails: string[]): Promise<void> {
    const db = openPostgresDatabase(url);
    try {
      await migrate(db);
      for (const email of emails) await insertAccount(db, email, 'Postgres Customer');
    } finally {
      await db.destroy();
    }
  }

  async function onDatabase<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  it('round-trips the data into an empty database, with the lines the operator reads', async () => {
    const [sourceUrl, targetUrl] = await Promise.all([createPostgresDatabase(), createPostgresDatabase()]);
    await migratedWith(sourceUrl, ['ada@example.com', 'grace@example.com']);
    const folder = createDataDir();
    const file = join(folder, 'site.pgdump');
    const backedUp: string[] = [];
    await backupPostgres(sourceUrl, file, (line) => backedUp.push(line));
    expect(backedUp).toHaveLength(1);
    expect(backedUp[0]).toMatch(
      timedLine(`Backed up ${describeDatabase(sourceUrl)} to ${file}: `, statSync(file).size),
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(folder)).toEqual(['site.pgdump']);
    expect(backupKind(file)).toBe('postgres');

    const restored: string[] = [];
    await restorePostgres(file, targetUrl, false, (line) => restored.push(line));
    expect(restored).toHaveLength(1);
    expect(restored[0]).toMatch(
      timedLine(
        `Restored ${file} into ${describeDatabase(targetUrl)} (2 users, 0 invoices; its schema is up to date): `,
        statSync(file).size,
      ),
    );
    expect(await users(openPostgresDatabase(targetUrl))).toEqual([
      { email: 'ada@example.com', name: 'Postgres Customer' },
      { email: 'grace@example.com', name: 'Postgres Customer' },
    ]);
  }, 30_000);

  it('refuses a database that is not the site’s, a target in use or not empty unless forced, and wrong files', async () => {
    const [sourceUrl, targetUrl, emptyUrl] = await Promise.all([
      createPostgresDatabase(),
      createPostgresDatabase(),
      createPostgresDatabase(),
    ]);
    const folder = createDataDir();
    const file = join(folder, 'site.pgdump');
    await refused(
      backupPostgres(emptyUrl, file, () => {}),
      `The database ${describeDatabase(emptyUrl)} holds no storefront data: nothing to back up.`,
    );
    expect(readdirSync(folder)).toEqual([]);
    const unreachable = 'postgres://shop:secret@127.0.0.1:1/shop';
    const down = await failure(backupPostgres(unreachable, file, () => {}));
    expect(down).toBeInstanceOf(OpsError);
    expect(down.message).toMatch(/^Cannot reach the database 127\.0\.0\.1:1\/shop: \S/);
    expect(down.message).not.toContain('secret');

    await migratedWith(sourceUrl, ['kept@example.com']);
    await backupPostgres(sourceUrl, file, () => {});
    const where = describeDatabase(targetUrl);

    // Tables left by something else, a partitioned one among them, a sequence and a view: restoring would mix the
    // two. Only the tables are counted.
    await onDatabase(targetUrl, (client) =>
      client.query(
        'CREATE TABLE leftover (id integer); CREATE TABLE leftover_parts (id integer) PARTITION BY RANGE (id); ' +
          'CREATE SEQUENCE leftover_seq; CREATE VIEW leftover_names AS SELECT 1 AS one',
      ),
    );
    await refused(
      restorePostgres(file, targetUrl, false, () => {}),
      `The database ${where} is not empty (2 table(s), e.g. public.leftover_seq); restoring would mix the backup ` +
        'with what is there. Stop the servers and run again with --force to replace its tables, or point ' +
        'DATABASE_URL at a new, empty database (createdb).',
    );

    // Another client connected (a server still running on it): refused even forced.
    await onDatabase(`${targetUrl}?application_name=other-server`, async (client) => {
      const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      await refused(
        restorePostgres(file, targetUrl, true, () => {}),
        `The database ${where} is in use: 1 other connection(s): other-server (pid ${pid}). Stop every server ` +
          'on it, restore, then start them again (--force does not change this).',
      );
    });

    // Forced, with no one else connected: the leftover goes, the backup comes.
    await onDatabase(targetUrl, (client) => client.query('CREATE VIEW leftover_view AS SELECT 1 AS one'));
    await restorePostgres(file, targetUrl, true, () => {});
    const tables = await onDatabase(targetUrl, async (client) =>
      (
        await client.query<{ name: string }>("SELECT relname AS name FROM pg_class WHERE relname LIKE 'leftover%'")
      ).rows.map((row) => row.name),
    );
    expect(tables).toEqual([]);
    expect(await users(openPostgresDatabase(targetUrl))).toEqual([
      { email: 'kept@example.com', name: 'Postgres Customer' },
    ]);

    // A backup from a newer version is refused before the target is touched.
    await onDatabase(sourceUrl, (client) =>
      client.query("INSERT INTO kysely_migration (name, timestamp) VALUES ('9999_future', '2030-01-01')"),
    );
    const newer = join(folder, 'newer.pgdump');
    await backupPostgres(sourceUrl, newer, () => {});
    await refused(
      restorePostgres(newer, emptyUrl, false, () => {}),
      `${newer} comes from a newer version of the site (migrations 9999_future are unknown to this one): ` +
        'deploy that version, then restore.',
    );

    const sqliteFile = await sqliteBackup([]);
    await refused(
      restorePostgres(sqliteFile, emptyUrl, false, () => {}),
      `${sqliteFile} is a SQLite backup: unset DATABASE_URL and set DATA_DIR to the folder to restore it into.`,
    );
    const text = join(folder, 'notes.txt');
    writeFileSync(text, 'not an archive');
    await refused(
      restorePostgres(text, emptyUrl, false, () => {}),
      `${text} is not a backup made by npm run backup.`,
    );
    // A file that starts like an archive but is none: pg_restore's own reason, and nothing restored.
    const fake = join(folder, 'fake.pgdump');
    writeFileSync(fake, 'PGDMP but nothing after it');
    const broken = await failure(restorePostgres(fake, emptyUrl, false, () => {}));
    expect(broken).toBeInstanceOf(OpsError);
    expect(broken.message).toMatch(/^pg_restore failed: pg_restore: error: \S/);
  }, 40_000);
});
