// @vitest-environment node
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresAvailable, startPostgres } from './postgres';

const run = promisify(execFile);

describe.runIf(postgresAvailable())('the throw-away PostgreSQL of the tests', () => {
  const started = startPostgres();
  afterAll(async () => (await started).stop());

  it('answers queries on its own database, and makes further empty ones', async () => {
    const pg = await started;
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
});
