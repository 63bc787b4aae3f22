/**
 * The database refuses two overlapping calls of one office member (migration 0021), on SQLite (triggers) and on
 * PostgreSQL (an exclusion constraint): whichever write comes second is 'taken', however close together they come.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { isCallOverlap } from '#server/db/errors';
import { changeStatus } from '#server/orders/repository';
import type { Database } from '#server/db/schema';
import { cleanup, createTestServer } from './helpers';
import { account, paidOrder } from './office-helpers';

/**
 * Gives the order's call to a member from its start to the end of its buffer (minutes since the epoch) as the
 * booking and the office write it: `changeStatus` in a transaction, from paid or from a time already held.
 */
async function assignCall(
  db: Kysely<Database>,
  call: { orderId: string; memberId: string; startMinute: number; untilMinute: number },
): Promise<'assigned' | 'taken'> {
  const from = scheduled.has(call.orderId) ? 'scheduled' : 'paid';
  try {
    await db.transaction().execute(async (trx) => {
      const moved = await changeStatus(trx, {
        invoiceId: call.orderId,
        from,
        to: 'scheduled',
        set: {
          call_member_id: call.memberId,
          call_start_minute: call.startMinute,
          call_until_minute: call.untilMinute,
        },
        actor: null,
        note: null,
        now: new Date(),
      });
      if (!moved) throw new Error(`order ${call.orderId} was not ${from}`);
    });
  } catch (error) {
    if (isCallOverlap(error)) return 'taken';
    throw error;
  }
  scheduled.add(call.orderId);
  return 'assigned';
}
const scheduled = new Set<string>();

afterAll(cleanup);

const { app, db } = await createTestServer();
const ann = await account(app, db, 'office');
const bob = await account(app, db, 'office');
/** Rounds of twelve writes at once: without the diary's lock, PostgreSQL's deadlock detector cancelled one now and then. */
const ROUNDS = 5;
/** Twelve orders of each of ROUNDS + 1 customers (a customer may only place so many orders an hour). */
const customers = await Promise.all(Array.from({ length: ROUNDS + 1 }, () => account(app, db)));
const orders = (
  await Promise.all(
    customers.map((customer) => Promise.all(Array.from({ length: 12 }, () => paidOrder(app, customer)))),
  )
).flat();
let next = 0;
const order = () => orders[next++]!;

/** 10:00 to 11:00 (a call and its buffer) on some day, in minutes since the epoch. */
const TEN = Date.parse('2027-01-11T10:00:00Z') / 60_000;

describe('an office member’s calls', () => {
  it('may not overlap, buffers included; another member may take the same time', async () => {
    const call = { memberId: ann.id, startMinute: TEN, untilMinute: TEN + 60 };
    expect(await assignCall(db, { ...call, orderId: order() })).toBe('assigned');
    expect(await assignCall(db, { ...call, orderId: order(), startMinute: TEN + 59, untilMinute: TEN + 119 })).toBe(
      'taken',
    );
    expect(await assignCall(db, { ...call, orderId: order(), startMinute: TEN - 59, untilMinute: TEN + 1 })).toBe(
      'taken',
    );
    expect(await assignCall(db, { ...call, orderId: order(), memberId: bob.id })).toBe('assigned');
  });

  it('may follow each other back to back', async () => {
    const start = TEN + 24 * 60;
    const call = { memberId: ann.id, startMinute: start, untilMinute: start + 60 };
    expect(await assignCall(db, { ...call, orderId: order() })).toBe('assigned');
    expect(await assignCall(db, { ...call, orderId: order(), startMinute: start + 60, untilMinute: start + 120 })).toBe(
      'assigned',
    );
  });

  it('may move within their own time: the call does not overlap itself', async () => {
    const start = TEN + 2 * 24 * 60;
    const id = order();
    expect(await assignCall(db, { orderId: id, memberId: ann.id, startMinute: start, untilMinute: start + 60 })).toBe(
      'assigned',
    );
    expect(
      await assignCall(db, { orderId: id, memberId: ann.id, startMinute: start + 30, untilMinute: start + 90 }),
    ).toBe('assigned');
  });

  it(`twelve requests for one member’s same time at once, ${ROUNDS} times: exactly one is assigned each time`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const start = TEN + (3 + round) * 24 * 60;
      const answers = await Promise.all(
        Array.from({ length: 12 }, () =>
          assignCall(db, { orderId: order(), memberId: ann.id, startMinute: start, untilMinute: start + 60 }),
        ),
      );
      expect(answers.filter((answer) => answer === 'assigned')).toHaveLength(1);
      const held = await db
        .selectFrom('orders')
        .select('invoice_id')
        .where('call_member_id', '=', ann.id)
        .where('call_start_minute', '=', start)
        .execute();
      expect(held).toHaveLength(1);
    }
  });
});
