import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { openConfiguredDatabase, openPostgresDatabase } from '#server/db/database';
import { createWrites } from '#server/db/group-commit';
import { migrate } from '#server/db/migrate';
import { dialectOf } from '#server/db/dialect';
import { clusterForFile } from './postgres';

const run = promisify(execFile);

describe('the throw-away PostgreSQL of the tests', () => {
  const started = clusterForFile();

  it('answers queries on its own database, and makes further empty ones', async () => {
    const pg = await started();
    expect(pg.url).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/test_\d+_\d+$/);
    const { stdout } = await run('psql', [pg.url, '-tAc', 'SELECT version()']);
    expect(stdout).toContain('PostgreSQL 15');
    const other = await pg.createDatabase();
    expect(other).not.toBe(pg.url);
    const { stdout: tables } = await run('psql', [
      other,
      '-tAc',
      "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'",
    ]);
    expect(tables.trim()).toBe('0');
  });

  it('is what the server opens when DATABASE_URL names it; without it the server keeps SQLite', async () => {
    const pg = await started();
    const db = openConfiguredDatabase(loadConfig({ DATABASE_URL: pg.url }));
    try {
      expect(dialectOf(db)).toBe('postgres');
      const { rows } = await sql<{ answer: number }>`SELECT 1 + 1 AS answer`.execute(db);
      expect(rows).toEqual([{ answer: 2 }]);
    } finally {
      await db.destroy();
    }
    const sqlite = openConfiguredDatabase({ ...loadConfig({}), DATA_DIR: ':memory:' });
    expect(dialectOf(sqlite)).toBe('sqlite');
    await sqlite.destroy();
  });

  it('gives each write its own transaction: a failing one is undone alone, and each commit is heard', async () => {
    const db = openPostgresDatabase(await (await started()).createDatabase());
    try {
      await migrate(db);
      const commits: number[] = [];
      const writes = createWrites(db, { onCommit: (size) => commits.push(size) });
      const lease = (name: string) => ({ name, claimed_at: '2026-01-05T09:00:00.000Z', claimed_by: 'test' });
      const results = await Promise.allSettled([
        writes.run(async (trx) => {
          await trx.insertInto('job_leases').values(lease('kept')).execute();
          return 'kept';
        }),
        writes.run(async (trx) => {
          await trx.insertInto('job_leases').values(lease('undone')).execute();
          throw new Error('this write fails after writing');
        }),
      ]);
      expect(results).toEqual([
        { status: 'fulfilled', value: 'kept' },
        { status: 'rejected', reason: new Error('this write fails after writing') },
      ]);
      expect(commits).toEqual([1]);
      expect(await db.selectFrom('job_leases').select('name').execute()).toEqual([{ name: 'kept' }]);
      // Nobody listening for commits is fine too.
      expect(await createWrites(db).run(async () => 7)).toBe(7);
    } finally {
      await db.destroy();
    }
  });
});
