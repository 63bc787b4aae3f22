// Races that SQLite's one writer at a time rules out and PostgreSQL's concurrent transactions do not: each
// is staged with two connections, the first holding its transaction open while the second runs.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/schema';
import { cancelDeletion, purgeDueAccounts } from '#server/account/deletion';
import { openPostgresDatabase } from '#server/db/database';
import { migrate } from '#server/db/migrate';
import { insertUser } from '#server/users/repository';
import { insertInvoice } from '#server/invoices/new-invoice';
import { changeStatus } from '#server/orders/repository';
import { lockCallDiary } from '#server/orders/call-diary-repository';
import { sql } from 'kysely';
import { createTestClock } from './helpers';
import { clusterForFile } from './postgres';

// Started before the file's first test, not when it loads: a file whose tests are all filtered out starts no
// cluster (tests/server/postgres.ts, clusterForFile).
const started = clusterForFile();
let db: Kysely<Database>;
let other: Kysely<Database>;
beforeAll(async () => {
  const { url } = await started();
  db = openPostgresDatabase(url);
  other = openPostgresDatabase(url);
  await migrate(db);
});
afterAll(async () => {
  await Promise.all([db.destroy(), other.destroy()]);
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

  it('a call given to a member waits for the write that holds that member’s diary; another member’s does not', async () => {
    const now = new Date();
    const person = (name: string) =>
      insertUser(db, {
        name,
        email: `${name.toLowerCase()}.diary@example.com`,
        passwordHash: null,
        emailVerified: true,
        now,
      });
    const [customer, ann, bob] = await Promise.all([person('Cy'), person('Ann'), person('Bob')]);
    const order = async () =>
      (
        await insertInvoice(db, {
          userId: customer.id,
          amountPence: 15_000,
          title: 'A call',
          type: 'Video Meeting',
          url: 'https://example.com/',
          provider: 'sandbox',
          now,
        })
      ).id;
    const [forAnn, forBob] = await Promise.all([order(), order()]);
    const giveCall = (invoiceId: string, memberId: string) =>
      db.transaction().execute((trx) =>
        changeStatus(trx, {
          invoiceId,
          from: 'awaitingPayment',
          to: 'scheduled',
          set: { call_member_id: memberId, call_start_minute: 1_000, call_until_minute: 1_060 },
          actor: null,
          note: null,
          now,
        }),
      );
    const waitingForADiary = async () => {
      for (;;) {
        const waiting = await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`.execute(db);
        if (waiting.rows[0]!.n > 0) return 'waiting';
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };

    let forAnnWritten: Promise<boolean> | undefined;
    await other.transaction().execute(async (trx) => {
      // Another write holds Ann's diary: Bob's call goes through, Ann's waits its turn.
      await lockCallDiary(trx, ann.id);
      expect(await giveCall(forBob, bob.id)).toBe(true);
      forAnnWritten = giveCall(forAnn, ann.id);
      expect(await Promise.race([forAnnWritten.then(() => 'written'), waitingForADiary()])).toBe('waiting');
    });
    expect(await forAnnWritten).toBe(true);
  });
});
