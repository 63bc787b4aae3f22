/** Queries compiled once and run with new values (server/db/prepared.ts), on the suite's database. */
import { afterAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { forgetCompiledQueries, preparedQuery } from '#server/db/prepared';
import type { Database } from '#server/db/schema';
import type { Role } from '#domain/orders';
import { cleanup, createTestServer, register } from './helpers';

afterAll(cleanup);
const { app, db } = await createTestServer();

const usersNamed = preparedQuery((kysely: Kysely<Database>, name: string, role: Role) =>
  kysely
    .selectFrom('users')
    .select(['email', 'role'])
    .where('name', '=', name)
    .where('role', '=', role)
    // A constant among the parameters: it must stay what it was when the query was built.
    .where('email_verified', '=', 0)
    .orderBy('email'),
);

describe('preparedQuery', () => {
  it('runs the one compiled query with each call’s values, and keeps the constants', async () => {
    const ada = await register(app, { name: 'Ada Prepared', email: 'ada-prepared@example.com' });
    const bob = await register(app, { name: 'Bob Prepared', email: 'bob-prepared@example.com' });
    await db.updateTable('users').set({ role: 'office' }).where('id', '=', bob.user.id).execute();

    expect(await usersNamed(db, 'Ada Prepared', 'common')).toEqual([{ email: ada.user.email, role: 'common' }]);
    expect(await usersNamed(db, 'Bob Prepared', 'office')).toEqual([{ email: bob.user.email, role: 'office' }]);
    expect(await usersNamed(db, 'Bob Prepared', 'common')).toEqual([]);
    await db.updateTable('users').set({ email_verified: 1 }).where('id', '=', ada.user.id).execute();
    expect(await usersNamed(db, 'Ada Prepared', 'common')).toEqual([]);
  });

  it('runs inside a transaction, and sees its uncommitted writes', async () => {
    const carol = await register(app, { name: 'Carol Prepared', email: 'carol-prepared@example.com' });
    await db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('users').set({ role: 'admin' }).where('id', '=', carol.user.id).execute();
        expect(await usersNamed(trx, 'Carol Prepared', 'admin')).toEqual([{ email: carol.user.email, role: 'admin' }]);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await usersNamed(db, 'Carol Prepared', 'common')).toHaveLength(1);
  });

  it('builds a query once, and again only after forgetCompiledQueries', async () => {
    let builds = 0;
    const counted = preparedQuery((kysely: Kysely<Database>, name: string) => {
      builds += 1;
      return kysely.selectFrom('users').select('id').where('name', '=', name);
    });
    await counted(db, 'Nobody');
    await counted(db, 'Nobody Else');
    expect(builds).toBe(1);
    forgetCompiledQueries();
    expect(await counted(db, 'Nobody')).toEqual([]);
    expect(builds).toBe(2);
  });

  it('refuses a query that leaves an argument out', async () => {
    const broken = preparedQuery((kysely: Kysely<Database>, _unused: string) =>
      kysely.selectFrom('users').select('id'),
    );
    await expect(broken(db, 'x')).rejects.toThrow(/every argument must appear/);
  });
});
