/**
 * Writes committed together (server/db/group-commit.ts) on the suite's database: every write that resolved is
 * committed, a failing one is undone alone, and on SQLite the writes that arrive during a commit share the next
 * one (PostgreSQL gives each its own transaction).
 */
import { type Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/database';
import { dialectOf } from '#server/db/dialect';
import { migrate } from '#server/db/migrate';
import { createWrites } from '#server/db/group-commit';
import type { Database } from '#server/db/schema';
import { cleanup, createTestServer, destroyAfterAll, register } from './helpers';

afterAll(cleanup);
const { app, db } = await createTestServer();

async function namesOf(kysely: Kysely<Database>, ids: string[]): Promise<string[]> {
  const rows = await kysely.selectFrom('users').select('name').where('id', 'in', ids).orderBy('name').execute();
  return rows.map((row) => row.name);
}

describe('createWrites', () => {
  it('commits every write that resolved and undoes a failing one alone', async () => {
    const accounts = await Promise.all([1, 2, 3].map((n) => register(app, { email: `group-${n}@example.com` })));
    const ids = accounts.map((account) => account.user.id);
    const writes = createWrites(db);
    const rename = (id: string, name: string) =>
      writes.run(async (trx) => {
        await trx.updateTable('users').set({ name }).where('id', '=', id).execute();
        return name;
      });
    const results = await Promise.allSettled([
      rename(ids[0]!, 'Group One'),
      writes.run(async (trx) => {
        await trx.updateTable('users').set({ name: 'Never Kept' }).where('id', '=', ids[1]!).execute();
        throw new Error('this write fails after changing a row');
      }),
      rename(ids[2]!, 'Group Three'),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('this write fails after changing a row'));
    expect(await namesOf(db, ids)).toEqual(['Ada Lovelace', 'Group One', 'Group Three'].sort());
  });

  it('on SQLite, commits the writes that arrive during a commit together; on PostgreSQL, each alone', async () => {
    const groups: number[] = [];
    const writes = createWrites(db, { onCommit: (size) => groups.push(size) });
    const values = await Promise.all([1, 2, 3, 4, 5].map((n) => writes.run(async () => n)));
    expect(values).toEqual([1, 2, 3, 4, 5]);
    // All five arrive in one turn of the event loop, before the group starts: one commit.
    expect(groups).toEqual(dialectOf(db) === 'postgres' ? [1, 1, 1, 1, 1] : [5]);
    // One arriving while a group is under way waits for the next.
    groups.length = 0;
    const first = writes.run(async () => {
      later = writes.run(async () => 'later');
      return 'first';
    });
    let later: Promise<string> | undefined;
    expect(await first).toBe('first');
    expect(await later).toBe('later');
    expect(groups).toEqual([1, 1]);
  });

  it('on SQLite, fails every write of a group whose commit fails, keeps none of them, and goes on', async () => {
    const sqlite = destroyAfterAll(openDatabase(':memory:'));
    await migrate(sqlite);
    const writes = createWrites(sqlite);
    const lease = (name: string) => ({ name, claimed_at: '2026-01-05T09:00:00.000Z', claimed_by: 'test' });
    const results = await Promise.allSettled([
      writes.run(async (trx) => {
        await trx.insertInto('job_leases').values(lease('first')).execute();
        return 'first';
      }),
      // A foreign key checked only at the commit: the whole group's commit fails.
      writes.run(async (trx) => {
        await sql`PRAGMA defer_foreign_keys = ON`.execute(trx);
        const avatar = { content_type: 'image/png', bytes: new Uint8Array([1]), sha256: 'x', updated_at: 'now' };
        await trx
          .insertInto('avatars')
          .values({ user_id: 'nobody', ...avatar })
          .execute();
        return 'second';
      }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' });
    expect(await sqlite.selectFrom('job_leases').select('name').execute()).toEqual([]);
    expect(
      await writes.run(async (trx) => trx.insertInto('job_leases').values(lease('after')).execute()),
    ).toBeDefined();
    expect(await sqlite.selectFrom('job_leases').select('name').execute()).toEqual([{ name: 'after' }]);
  });
});
