/**
 * The database refuses two overlapping calls of one office member (migration 0021), on SQLite (triggers) and on
 * PostgreSQL (an exclusion constraint): whichever write comes second is 'taken', however close together they come.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { assignCall } from '#server/booking/repository';
import { cleanup, createTestServer } from './helpers';
import { account, paidOrder } from './office-helpers';

afterAll(cleanup);

const { app, db } = await createTestServer();
const customer = await account(app, db);
const ann = await account(app, db, 'office');
const bob = await account(app, db, 'office');
const orders = await Promise.all(Array.from({ length: 24 }, () => paidOrder(app, customer)));
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

  it('twelve requests for one member’s same time at once: exactly one is assigned', async () => {
    const start = TEN + 3 * 24 * 60;
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
  });
});
