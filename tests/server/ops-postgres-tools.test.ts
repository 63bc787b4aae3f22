/**
 * How server/ops/ finds PostgreSQL's programs and hands them a password: a database whose URL carries one (as a
 * managed PostgreSQL's does) is backed up and restored on a cluster of its own that asks every TCP client for it.
 * The password goes to pg_dump and pg_restore in PGPASSWORD, never on their command line, where every user of the
 * machine could read it in the process list.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgresDatabase } from '#server/db/database';
import { migrate } from '#server/db/migrate';
import { OpsError } from '#server/ops/command';
import { backupPostgres, restorePostgres } from '#server/ops/postgres';
import {
  candidateDirs,
  describeDatabase,
  findPgProgram,
  runPgProgram,
  splitPassword,
} from '#server/ops/postgres-tools';
import { cleanup, createDataDir } from './helpers';
import { failure, insertAccount, users } from './ops-helpers';
import { clusterForFile } from './postgres';

// A password with the characters a URL must encode.
const PASSWORD = 'p@ss:w/rd%20 ok';
const started = clusterForFile({ password: PASSWORD });
afterAll(cleanup);

describe('the password in DATABASE_URL', () => {
  it('is taken out of the URL and decoded', () => {
    expect(splitPassword('postgres://shop:p%40ss%3Aw%2Frd@db.example:6543/shop?sslmode=require')).toEqual({
      url: 'postgres://shop@db.example:6543/shop?sslmode=require',
      password: 'p@ss:w/rd',
    });
    expect(splitPassword('postgres://shop@db.example/shop')).toEqual({
      url: 'postgres://shop@db.example/shop',
      password: undefined,
    });
  });

  it('reaches pg_dump and pg_restore: a database that asks for it is backed up and restored', async () => {
    const cluster = await started();
    expect(cluster.url).toContain(`:${encodeURIComponent(PASSWORD)}@`);
    const source = openPostgresDatabase(cluster.url);
    try {
      await migrate(source);
      await insertAccount(source, 'guarded@example.com', 'Guarded Customer');
    } finally {
      await source.destroy();
    }
    const file = join(createDataDir(), 'site.pgdump');
    await backupPostgres(cluster.url, file, () => {});
    const target = await cluster.createDatabase();
    await restorePostgres(file, target, false, () => {});
    expect(await users(openPostgresDatabase(target))).toEqual([
      { email: 'guarded@example.com', name: 'Guarded Customer' },
    ]);

    // A wrong password fails on the first connection, naming the database and not the password.
    const wrong = target.replace(encodeURIComponent(PASSWORD), 'wrong');
    const refused = await failure(restorePostgres(file, wrong, true, () => {}));
    expect(refused).toBeInstanceOf(OpsError);
    expect(refused.message).toBe(
      `Cannot reach the database ${describeDatabase(target)}: password authentication failed for user "postgres"`,
    );
  }, 30_000);
});

describe('a backup refused before pg_dump runs', () => {
  it('of a database with no storefront in it, or to a folder that does not exist', async () => {
    const cluster = await started();
    const empty = await cluster.createDatabase();
    const folder = createDataDir();
    const noData = await failure(backupPostgres(empty, join(folder, 'site.pgdump'), () => {}));
    expect(noData.message).toBe(
      `The database ${describeDatabase(empty)} holds no storefront data: nothing to back up.`,
    );
    const source = openPostgresDatabase(empty);
    try {
      await migrate(source);
    } finally {
      await source.destroy();
    }
    const missing = join(folder, 'missing', 'site.pgdump');
    const noFolder = await failure(backupPostgres(empty, missing, () => {}));
    expect(noFolder).toBeInstanceOf(OpsError);
    expect(noFolder.message).toBe(
      `Cannot write the backup to ${missing}: the folder ${join(folder, 'missing')} does not exist.`,
    );
  }, 30_000);
});

describe('an archive of another database', () => {
  it('is refused before the target is touched: pg_dump made it, but of no storefront', async () => {
    const cluster = await started();
    const other = await cluster.createDatabase();
    const client = new pg.Client({ connectionString: other });
    await client.connect();
    try {
      await client.query('CREATE TABLE notes (id integer); INSERT INTO notes VALUES (1)');
    } finally {
      await client.end();
    }
    const file = join(createDataDir(), 'other.pgdump');
    await runPgProgram('pg_dump', other, ['--format=custom', `--file=${file}`]);
    const target = await cluster.createDatabase();
    const refused = await failure(restorePostgres(file, target, true, () => {}));
    expect(refused).toBeInstanceOf(OpsError);
    expect(refused.message).toBe(
      `${file} holds no storefront database (no kysely_migration rows): is it the right file?`,
    );
  });
});

describe("where PostgreSQL's programs are looked for", () => {
  it("each Debian major's bin folder, newest first by number, then PATH's folders", () => {
    const root = createDataDir();
    for (const name of ['9', '17', '13', 'common', '16beta', 'beta16']) mkdirSync(join(root, name));
    expect(candidateDirs(root, ['/opt/pg/bin', '', '/usr/bin'].join(delimiter))).toEqual([
      join(root, '17', 'bin'),
      join(root, '13', 'bin'),
      join(root, '9', 'bin'),
      '/opt/pg/bin',
      '/usr/bin',
    ]);
    expect(candidateDirs(join(root, 'missing'), undefined)).toEqual([]);
  });

  it('finds the program in the first folder that has it, and says what to install when none does', () => {
    const [empty, older, newer] = [createDataDir(), createDataDir(), createDataDir()];
    writeFileSync(join(older, 'pg_dump'), '');
    writeFileSync(join(newer, 'pg_dump'), '');
    expect(findPgProgram('pg_dump', [empty, newer, older])).toBe(join(newer, 'pg_dump'));
    const missing = (() => {
      try {
        findPgProgram('pg_restore', [empty, older]);
      } catch (error) {
        return error as Error;
      }
      throw new Error('findPgProgram found a program that is not there');
    })();
    expect(missing).toBeInstanceOf(OpsError);
    expect(missing.message).toBe(
      "PostgreSQL's pg_restore was not found (looked in /usr/lib/postgresql/*/bin and PATH): install Debian's " +
        'postgresql-client package, of the same major version as the server or newer.',
    );
  });
});
