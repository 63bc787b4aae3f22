/**
 * Which office member a customer's call goes to, and whom a booked call keeps busy
 * (docs/decisions/0042-customers-book-their-call.md): a moved call stays with its holder while they are free
 * then, and goes to another free member when they are not; a call holds only its holder, but one nobody holds
 * (set before calls had holders) keeps every member busy; a call that has ended still holds its buffer.
 * Both databases (TEST_DATABASE).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { findMemberName } from '#server/booking/repository';
import { callRangeMinutes } from '#server/orders/call-range';
import { cleanup, createTestServer } from './helpers';
import { type Account, account, paidOrder } from './office-helpers';
import { book, bookingBody, setHours, slotsOf } from './booking-helpers';

afterAll(cleanup);

const WORKDAY = [{ start: '09:00', end: '17:00' }];
const weekdays = (daysOff: string[]) => ({
  weekly: {
    monday: WORKDAY,
    tuesday: WORKDAY,
    wednesday: WORKDAY,
    thursday: WORKDAY,
    friday: WORKDAY,
    saturday: [],
    sunday: [],
  },
  daysOff,
});

describe('two members', async () => {
  // The test clock starts on Monday 2026-01-05 at 09:00 UTC, 09:00 in London.
  const { app, db, config } = await createTestServer();
  const members = [await account(app, db, 'office', 'Olive Office'), await account(app, db, 'office', 'Bea Office')];
  for (const member of members) await setHours(app, member);
  const memberOf = async (id: string): Promise<Account> => {
    const row = await db.selectFrom('orders').select('call_member_id').where('invoice_id', '=', id).executeTakeFirst();
    return members.find((member) => member.id === row?.call_member_id)!;
  };
  const startsOffered = async (customer: Account, id: string) =>
    (await slotsOf(app, customer, id)).slots.map((slot) => slot.start);

  it('keeps a moved call with its holder though another member comes first, while the holder is free', async () => {
    const [ada, bob] = [await account(app, db), await account(app, db)];
    const [first, second] = [await paidOrder(app, ada), await paidOrder(app, bob)];
    const start = '2026-01-06T10:00:00.000Z';
    await bookingBody(await book(app, ada, first, start), 201);
    await bookingBody(await book(app, bob, second, start), 201);
    const [firstHolder, secondHolder] = [await memberOf(first), await memberOf(second)];
    expect(secondHolder.id).not.toBe(firstHolder.id);
    // At the new time both are free; the one the first booking went to comes first, but Bob's call stays put.
    await bookingBody(await book(app, bob, second, '2026-01-06T14:00:00.000Z'), 200);
    expect((await memberOf(second)).id).toBe(secondHolder.id);
  });

  it('gives a moved call to a free member when its holder is off that day', async () => {
    const ada = await account(app, db);
    const id = await paidOrder(app, ada);
    await bookingBody(await book(app, ada, id, '2026-01-07T10:00:00.000Z'), 201);
    const holder = await memberOf(id);
    await setHours(app, holder, weekdays(['2026-01-08']));
    const body = await bookingBody(await book(app, ada, id, '2026-01-08T10:00:00.000Z'), 200);
    const other = members.find((member) => member.id !== holder.id)!;
    expect((await memberOf(id)).id).toBe(other.id);
    expect(body.call!.with).toBe(other.name);
    await setHours(app, holder);
  });

  it('tries the other free member when the holder was taken at the new time meanwhile', async () => {
    const [ada, bob] = [await account(app, db), await account(app, db)];
    const [id, other] = [await paidOrder(app, ada), await paidOrder(app, bob)];
    await bookingBody(await book(app, ada, id, '2026-01-12T10:00:00.000Z'), 201);
    const holder = await memberOf(id);
    const later = '2026-01-12T14:00:00.000Z';
    // Another booking that commits between the slots' read and this write: the slots cannot see it, the
    // database's overlap check can. An order still paid stands for it, since the slots read only scheduled ones.
    const taken = { call_member_id: holder.id, ...callRangeMinutes(Date.parse(later), config) };
    await db.updateTable('orders').set(taken).where('invoice_id', '=', other).execute();
    const body = await bookingBody(await book(app, ada, id, later), 200);
    const next = members.find((member) => member.id !== holder.id)!;
    expect([(await memberOf(id)).id, body.call!.with]).toEqual([next.id, next.name]);
    const free = { call_member_id: null, call_start_minute: null, call_until_minute: null };
    await db.updateTable('orders').set(free).where('invoice_id', '=', other).execute();
  });

  it("reads a holder's name, and no name for an account that is gone", async () => {
    expect(await findMemberName(db, members[0]!.id)).toBe('Olive Office');
    expect(await findMemberName(db, '00000000-0000-7000-8000-000000000000')).toBeNull();
  });

  it('offers a time one member holds, since the other is free', async () => {
    const [ada, bob] = [await account(app, db), await account(app, db)];
    const [id, other] = [await paidOrder(app, ada), await paidOrder(app, bob)];
    const start = '2026-01-09T10:00:00.000Z';
    await bookingBody(await book(app, ada, id, start), 201);
    expect(await startsOffered(bob, other)).toContain(start);
  });

  it('offers no time a call nobody holds covers, though both members are free of calls', async () => {
    const [ada, bob] = [await account(app, db), await account(app, db)];
    const [id, other] = [await paidOrder(app, ada), await paidOrder(app, bob)];
    const start = '2026-01-09T14:00:00.000Z';
    await bookingBody(await book(app, ada, id, start), 201);
    // As calls set before calls had holders are stored.
    await db.updateTable('orders').set({ call_member_id: null }).where('invoice_id', '=', id).execute();
    const offered = await startsOffered(bob, other);
    expect(offered).not.toContain(start);
    expect(offered).toContain('2026-01-09T16:00:00.000Z');
    await expect(book(app, bob, other, start)).resolves.toMatchObject({ status: 409 });
  });
});

describe('one member, booking without notice and with an hour between calls', async () => {
  const { app, db, clock, config } = await createTestServer({ BOOKING_NOTICE_MINUTES: 0, CALL_BUFFER_MINUTES: 60 });
  const olive = await account(app, db, 'office', 'Olive Office');
  await setHours(app, olive);
  const MINUTE = 60_000;

  it('keeps the hour after a call that has just ended free of other calls', async () => {
    expect(config.CALL_MINUTES).toBe(45);
    const [ada, bob] = [await account(app, db), await account(app, db)];
    const [id, other] = [await paidOrder(app, ada), await paidOrder(app, bob)];
    // Booked at 09:00 for 09:30; it ends at 10:15, and Olive's next call may start at 11:15 at the earliest.
    await bookingBody(await book(app, ada, id, '2026-01-05T09:30:00.000Z'), 201);
    clock.advance(80 * MINUTE);
    expect(clock.now().toISOString()).toBe('2026-01-05T10:20:00.000Z');
    expect((await slotsOf(app, bob, other)).slots[0]!.start).toBe('2026-01-05T11:30:00.000Z');
  });
});
