// Races that SQLite's one writer at a time rules out and PostgreSQL's concurrent transactions do not: each
// is staged with two connections, the first holding its transaction open while the second runs.
import { afterAll, describe, expect, it } from 'vitest';
import { cancelDeletion, purgeDueAccounts } from '#server/account/deletion';
import { openPostgresDatabase } from '#server/db/database';
import { migrate } from '#server/db/migrate';
import { insertUser } from '#server/users/repository';
import { createTestClock } from './helpers';
import { startPostgres } from './postgres';

const postgres = await startPostgres();
const db = openPostgresDatabase(postgres.url);
const other = openPostgresDatabase(postgres.url);
await migrate(db);
afterAll(async () => {
  await Promise.all([db.destroy(), other.destroy()]);
  await postgres.stop();
});

describe('on PostgreSQL', () => {
  it('a deletion cancelled while the purge runs keeps the account: the purge waits for the cancel, then skips it', async () => {
    const clock = createTestClock();
    const now = clock.now();
    const user = await insertUser(db, {
      name: 'Ada',
      email: 'ada.race@example.com',
      passwordHash: null,
      emailVerified: false,
      now,
    });
    await db
      .updateTable('users')
      .set({ deletion_scheduled_for: new Date(now.getTime() - 1000).toISOString() })
      .where('id', '=', user.id)
      .execute();

    let purge: Promise<string[]> | undefined;
    await other.transaction().execute(async (trx) => {
      // The customer's cancel has written but not committed when the purge starts.
      expect(await cancelDeletion(trx, user.id, now)).toBe(true);
      purge = purgeDueAccounts(db, clock);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect(await purge).toEqual([]);
    expect(await db.selectFrom('users').select('id').where('id', '=', user.id).execute()).toEqual([{ id: user.id }]);
  });
});
