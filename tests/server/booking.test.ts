/**
 * A customer books, moves and cancels their own call, signed in (docs/decisions/0042-customers-book-their-call.md):
 * only a time the slots offer, given to a free office member; a lost race or a time not offered is a 409 and the
 * rest stays as it was; a move keeps the booking and frees the old time at once; a cancel returns the order to
 * paid; within the cut-off only the office changes it. Both databases (TEST_DATABASE).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { SLOT_TAKEN_TEXT, pastCutoffText } from '#domain/booking';
import { company } from '#domain/company';
import { START_TEXT } from '#server/booking/booking-request';
import { NOTHING_TO_CANCEL_TEXT } from '#server/booking/cancel';
import { TIME_ZONE_TEXT } from '#server/booking/time-zone';
import { NOT_FOUND_TEXT } from '#server/http/errors';
import { bearer, cleanup, createTestServer, errorText, myInvoices } from './helpers';
import { PHONE_ORDER, account, paidOrder, schedule } from './office-helpers';
import { book, bookingBody, cancel, setHours, slotsOf } from './booking-helpers';

afterAll(cleanup);

// The test clock starts on Monday 2026-01-05 at 09:00 UTC, 09:00 in London.
const { app, db, clock, config } = await createTestServer();
const olive = await account(app, db, 'office', 'Olive Office');
const bea = await account(app, db, 'office', 'Bea Office');
await setHours(app, olive);
await setHours(app, bea);
const MINUTE = 60_000;

const orderRow = (id: string) =>
  db.selectFrom('orders').selectAll().where('invoice_id', '=', id).executeTakeFirstOrThrow();

describe('POST /api/orders/<id>/booking', () => {
  it('books an offered time for a free member: 201, the order scheduled, the customer told', async () => {
    const ada = await account(app, db);
    const id = await paidOrder(app, ada, PHONE_ORDER);
    const [first] = (await slotsOf(app, ada, id)).slots;
    const body = await bookingBody(await book(app, ada, id, first!.start, 'Asia/Tokyo'), 201);
    expect(body).toEqual({
      status: 'scheduled',
      call: {
        start: first!.start,
        end: new Date(Date.parse(first!.start) + config.CALL_MINUTES * MINUTE).toISOString(),
        join: `Ring ${config.CALL_PHONE_NUMBER} at the call's time.`,
        with: expect.stringMatching(/^(Olive|Bea) Office$/),
        changeUntil: new Date(Date.parse(first!.start) - config.BOOKING_CHANGE_CUTOFF_MINUTES * MINUTE).toISOString(),
        chosenByCustomer: true,
      },
    });
    const row = await orderRow(id);
    expect(row).toMatchObject({ status: 'scheduled', scheduled_at: first!.start, call_sequence: 0 });
    expect(row).toMatchObject({ call_customer_zone: 'Asia/Tokyo', call_chosen_by_customer: 1, late_reason: null });
    expect([olive.id, bea.id]).toContain(row.call_member_id);
    const [invoice] = await myInvoices(app, ada.token);
    expect(invoice!.order).toMatchObject({
      callWith: body.call!.with,
      status: 'scheduled',
      chosenByCustomer: true,
      changeUntil: body.call!.changeUntil,
    });
    const mails = await db.selectFrom('mail_queue').select('kind').where('to_address', '=', ada.email).execute();
    expect(mails.map((mail) => mail.kind)).toContain('call booked');
  });

  it('gives a video meeting a room of its own, and keeps it when the call moves', async () => {
    const ada = await account(app, db);
    const id = await paidOrder(app, ada);
    const slots = (await slotsOf(app, ada, id)).slots;
    // Not the first slot: the notice and the cut-off are both two hours, so that one can no longer move.
    const booked = await bookingBody(await book(app, ada, id, slots[4]!.start), 201);
    expect(booked.call!.join).toMatch(new RegExp(`^${config.CALL_VIDEO_ROOM_URL}/${company.shortName}-[0-9a-f]{32}$`));
    const moved = await bookingBody(await book(app, ada, id, slots[8]!.start), 200);
    expect(moved.call!.join).toBe(booked.call!.join);
  });

  it('refuses a time not offered with 409, and bad input with 400, changing nothing', async () => {
    const ada = await account(app, db);
    const id = await paidOrder(app, ada);
    const cases: Array<[string, number, string]> = [
      ['2026-01-05T10:15:00.000Z', 409, SLOT_TAKEN_TEXT], // not on the hour or half-hour
      ['2026-01-05T09:30:00.000Z', 409, SLOT_TAKEN_TEXT], // inside the notice
      ['2026-01-10T10:00:00.000Z', 409, SLOT_TAKEN_TEXT], // a Saturday: nobody works
      ['2026-02-02T10:00:00.000Z', 409, SLOT_TAKEN_TEXT], // past the horizon
      ['next Tuesday', 400, START_TEXT],
      ['9'.repeat(100), 400, START_TEXT],
    ];
    for (const [start, status, text] of cases) {
      const res = await book(app, ada, id, start);
      expect([start, res.status, await errorText(res)]).toEqual([start, status, text]);
    }
    // A field named __proto__ once found Object.prototype as its message: the answer had no text (fuzzing).
    const proto = await app.request(`/api/orders/${id}/booking`, {
      method: 'POST',
      headers: { ...bearer(ada.token), 'content-type': 'application/json' },
      body: '{"start":"2026-01-06T10:00:00.000Z","timeZone":"Europe/London","__proto__":{}}',
    });
    expect([proto.status, await errorText(proto)]).toEqual([400, 'The field "__proto__" is missing or invalid.']);
    const zone = await book(app, ada, id, '2026-01-06T10:00:00.000Z', 'Mars/Olympus_Mons');
    expect([zone.status, await errorText(zone)]).toEqual([400, TIME_ZONE_TEXT]);
    expect(await orderRow(id)).toMatchObject({ status: 'paid', scheduled_at: null, call_member_id: null });
  });

  it('gives one time to as many of twenty customers at once as members are free, then answers 409', async () => {
    const start = '2026-01-07T14:00:00.000Z';
    const customers = await Promise.all(Array.from({ length: 20 }, () => account(app, db)));
    const ids = await Promise.all(customers.map((customer) => paidOrder(app, customer)));
    const answers = await Promise.all(customers.map((customer, index) => book(app, customer, ids[index]!, start)));
    const statuses = answers.map((res) => res.status);
    expect([
      statuses.filter((status) => status === 201).length,
      statuses.filter((status) => status === 409).length,
    ]).toEqual([2, 18]);
    const holders = await db.selectFrom('orders').select('call_member_id').where('scheduled_at', '=', start).execute();
    expect(holders.map((row) => row.call_member_id).sort()).toEqual([olive.id, bea.id].sort());
  }, 60_000);

  it('moves a booked call (200, SEQUENCE raised) and offers the freed time again at once', async () => {
    const ada = await account(app, db);
    const [id, other] = [await paidOrder(app, ada), await paidOrder(app, ada)];
    const old = '2026-01-08T10:00:00.000Z';
    await bookingBody(await book(app, ada, id, old), 201);
    const holder = (await orderRow(id)).call_member_id;
    await bookingBody(await book(app, ada, id, '2026-01-08T15:00:00.000Z'), 200);
    expect(await orderRow(id)).toMatchObject({ call_sequence: 1, call_member_id: holder });
    expect((await slotsOf(app, ada, other)).slots.map((slot) => slot.start)).toContain(old);
  });

  it('answers 404 for another customer and 401 without a session', async () => {
    const [ada, otto] = [await account(app, db), await account(app, db)];
    const id = await paidOrder(app, ada);
    for (const res of [await book(app, otto, id, '2026-01-06T10:00:00.000Z'), await cancel(app, otto, id)]) {
      expect([res.status, await errorText(res)]).toEqual([404, NOT_FOUND_TEXT]);
    }
    expect((await app.request(`/api/orders/${id}/booking`, { method: 'POST' })).status).toBe(401);
  });
});

describe('POST /api/orders/<id>/booking/cancel', () => {
  it('returns the order to paid, frees the time, and raises SEQUENCE; a second cancel is a 409', async () => {
    const ada = await account(app, db);
    const id = await paidOrder(app, ada);
    const start = '2026-01-09T11:00:00.000Z';
    await bookingBody(await book(app, ada, id, start), 201);
    expect(await bookingBody(await cancel(app, ada, id), 200)).toEqual({ status: 'paid', call: null });
    expect(await orderRow(id)).toMatchObject({
      status: 'paid',
      scheduled_at: null,
      call_member_id: null,
      call_sequence: 1,
    });
    expect((await slotsOf(app, ada, id)).slots.map((slot) => slot.start)).toContain(start);
    const again = await cancel(app, ada, id);
    expect([again.status, await errorText(again)]).toEqual([409, NOTHING_TO_CANCEL_TEXT]);
    const mails = await db.selectFrom('mail_queue').select('kind').where('to_address', '=', ada.email).execute();
    expect(mails.map((mail) => mail.kind)).toContain('call cancelled');
    await bookingBody(await book(app, ada, id, start), 201);
    expect(await orderRow(id)).toMatchObject({ status: 'scheduled', call_sequence: 2 });
  });

  it('leaves the change to the office within the cut-off: 409 with how to reach it', async () => {
    const ada = await account(app, db);
    const id = await paidOrder(app, ada);
    // The earliest time offered, so the clock moves minutes, not days (the session would end).
    const start = (await slotsOf(app, ada, id)).slots[0]!.start;
    await bookingBody(await book(app, ada, id, start), 201);
    clock.advance(Date.parse(start) - clock.now().getTime() - config.BOOKING_CHANGE_CUTOFF_MINUTES * MINUTE);
    const text = pastCutoffText(config.BOOKING_CHANGE_CUTOFF_MINUTES, company.supportEmail);
    for (const res of [await book(app, ada, id, '2026-01-13T10:00:00.000Z'), await cancel(app, ada, id)]) {
      expect([res.status, await errorText(res)]).toEqual([409, text]);
    }
    expect(await orderRow(id)).toMatchObject({ status: 'scheduled', scheduled_at: start, call_sequence: 0 });
  });
});

describe('the office sets a call by hand', () => {
  it('gives it to whoever sets it, or to nobody when their diary is full then; seconds and all', async () => {
    const ada = await account(app, db);
    const [first, second] = [await paidOrder(app, ada), await paidOrder(app, ada)];
    // A time typed to the millisecond: the diary counts whole minutes (PostgreSQL once refused the fraction).
    const at = '2026-01-06T15:00:03.320Z';
    const body = { at, join: 'https://meet.example.com/by-hand', reason: 'Asked for.' };
    expect((await schedule(app, olive.token, first, body)).status).toBe(200);
    expect(await orderRow(first)).toMatchObject({ call_member_id: olive.id, call_sequence: 0 });
    expect((await schedule(app, olive.token, second, body)).status).toBe(200);
    expect(await orderRow(second)).toMatchObject({ status: 'scheduled', scheduled_at: at, call_member_id: null });
  });
});
