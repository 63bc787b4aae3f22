/**
 * The free slots of a paid order's call (GET /api/orders/<id>/slots): what `freeSlots` answers for the office's
 * hours and the booked calls, the owner's only, and a 409 for an order with no call to book
 * (docs/decisions/0042-customers-book-their-call.md).
 */
import { assert } from 'superstruct';
import { afterAll, describe, expect, it } from 'vitest';
import { type OfficeHours, WEEKDAYS, pastCutoffText } from '#domain/booking';
import { company } from '#domain/company';
import { freeSlots } from '#domain/bookingSlots';
import { SlotsResponse } from '#domain/bookingContract';
import { promiseDeadline } from '#machines/order.machine';
import { ALREADY_DELIVERED_TEXT, NOT_A_CALL_TEXT, NOT_PAID_TEXT } from '#server/booking/customer-order';
import { NOT_FOUND_TEXT } from '#server/http/errors';
import { bearer, cleanup, createTestServer, errorText, jsonInit } from './helpers';
import { PDF_ORDER, PHONE_ORDER, account, deliver, paidOrder, schedule, unpaidOrder } from './office-helpers';

afterAll(cleanup);

// The test clock starts on Monday 2026-01-05 at 09:00 UTC, 09:00 in London.
const { app, db, clock, config } = await createTestServer();
const admin = await account(app, db, 'admin', 'Alan Admin');
const office = await account(app, db, 'office', 'Olive Office');
const customer = await account(app, db);
const other = await account(app, db, 'common', 'Otto Other');

const EMPTY = Object.fromEntries(WEEKDAYS.map((day) => [day, []])) as unknown as OfficeHours['weekly'];
const WORKDAY = [{ start: '09:00', end: '17:00' }];
const OLIVE: OfficeHours = {
  memberId: office.id,
  weekly: { ...EMPTY, monday: WORKDAY, tuesday: WORKDAY, wednesday: WORKDAY, thursday: WORKDAY, friday: WORKDAY },
  daysOff: ['2026-01-07'],
};
const ALAN: OfficeHours = {
  memberId: admin.id,
  weekly: { ...EMPTY, saturday: [{ start: '10:00', end: '12:00' }] },
  daysOff: [],
};
for (const { memberId, weekly, daysOff } of [OLIVE, ALAN]) {
  const res = await app.request(
    `/api/office/availability?member=${memberId}`,
    jsonInit('PUT', { weekly, daysOff }, bearer(admin.token)),
  );
  expect(res.status).toBe(200);
}

const slotsOf = (token: string, id: string) => app.request(`/api/orders/${id}/slots`, { headers: bearer(token) });

async function slotsBody(res: Response) {
  expect(res.status).toBe(200);
  const body: unknown = await res.json();
  assert(body, SlotsResponse);
  return body;
}

const settings = () => ({
  timeZone: 'Europe/London',
  callMinutes: config.CALL_MINUTES,
  bufferMinutes: config.CALL_BUFFER_MINUTES,
  noticeMinutes: config.BOOKING_NOTICE_MINUTES,
  horizonDays: config.BOOKING_HORIZON_DAYS,
});

describe('GET /api/orders/<id>/slots', () => {
  it("answers the owner the slots freeSlots gives for the office's hours, and the promise's end", async () => {
    const id = await paidOrder(app, customer, PHONE_ORDER);
    const body = await slotsBody(await slotsOf(customer.token, id));
    const paidAt = (await db.selectFrom('invoices').select('paid_at').where('id', '=', id).executeTakeFirstOrThrow())
      .paid_at!;
    const expected = freeSlots({ hours: [OLIVE, ALAN], calls: [], settings: settings(), now: clock.now().getTime() });
    expect(expected.length).toBeGreaterThan(0);
    expect(body).toEqual({
      timeZone: 'Europe/London',
      promiseEndsAt: promiseDeadline(paidAt).toISOString(),
      slots: expected,
    });
    // The notice: the first slot is two hours after now, the admin's Saturday among them, Olive's day off not.
    expect(body.slots[0]).toEqual({ start: '2026-01-05T11:00:00.000Z', end: '2026-01-05T11:45:00.000Z' });
    expect(body.slots).toContainEqual({ start: '2026-01-10T10:00:00.000Z', end: '2026-01-10T10:45:00.000Z' });
    expect(body.slots.filter((slot) => slot.start.startsWith('2026-01-07'))).toEqual([]);
  });

  it("answers 404 for another customer's order and an unknown one, as the order's other routes do", async () => {
    const id = await paidOrder(app, customer);
    for (const res of [
      await slotsOf(other.token, id),
      await slotsOf(customer.token, '0190b6a0-0000-7000-8000-000000000000'),
      await slotsOf(customer.token, 'junk'),
    ]) {
      expect(res.status).toBe(404);
      expect(await errorText(res)).toBe(NOT_FOUND_TEXT);
    }
    expect((await app.request(`/api/orders/${id}/slots`)).status).toBe(401);
  });

  it('answers 409 for an order without a call, an unpaid one, one within the cut-off and one held', async () => {
    const pdf = await paidOrder(app, customer, PDF_ORDER);
    const unpaid = await unpaidOrder(app, customer);
    const booked = await paidOrder(app, customer);
    // Within the two hours before the call, only the office changes it.
    const at = new Date(clock.now().getTime() + (config.BOOKING_CHANGE_CUTOFF_MINUTES - 1) * 60_000).toISOString();
    expect((await schedule(app, office.token, booked, { at, join: 'https://meet.example.com/x' })).status).toBe(200);
    const held = await paidOrder(app, customer);
    const soon = new Date(clock.now().getTime() + 60_000).toISOString();
    expect((await schedule(app, office.token, held, { at: soon, join: 'https://meet.example.com/y' })).status).toBe(
      200,
    );
    clock.advance(2 * 60_000);
    expect((await deliver(app, office.token, held)).status).toBe(200);
    const cases: Array<[string, string]> = [
      [pdf, NOT_A_CALL_TEXT],
      [unpaid, NOT_PAID_TEXT],
      [booked, pastCutoffText(config.BOOKING_CHANGE_CUTOFF_MINUTES, company.supportEmail)],
      [held, ALREADY_DELIVERED_TEXT],
    ];
    for (const [id, text] of cases) {
      const res = await slotsOf(customer.token, id);
      expect(res.status).toBe(409);
      expect(await errorText(res)).toBe(text);
    }
  });

  it('offers no slot whose call and buffer would overlap a booked call, for every member', async () => {
    const { app: fresh, db: freshDb, clock: freshClock } = await createTestServer();
    const olive = await account(fresh, freshDb, 'office', 'Olive Office');
    const ada = await account(fresh, freshDb);
    const hours = { weekly: { ...EMPTY, tuesday: WORKDAY }, daysOff: [] };
    expect((await fresh.request('/api/office/availability', jsonInit('PUT', hours, bearer(olive.token)))).status).toBe(
      200,
    );
    const first = await paidOrder(fresh, ada);
    const second = await paidOrder(fresh, ada);
    const before = await slotsBody(await fresh.request(`/api/orders/${second}/slots`, { headers: bearer(ada.token) }));
    const at = '2026-01-06T11:00:00.000Z';
    expect(before.slots.map((slot) => slot.start)).toContain(at);
    expect(
      (await schedule(fresh, olive.token, first, { at, join: 'https://meet.example.com/z', reason: 'As asked.' }))
        .status,
    ).toBe(200);
    const after = await slotsBody(await fresh.request(`/api/orders/${second}/slots`, { headers: bearer(ada.token) }));
    const call = { memberId: olive.id, start: at, end: '2026-01-06T11:45:00.000Z' };
    const expected = freeSlots({
      hours: [{ memberId: olive.id, ...hours }],
      calls: [call],
      settings: settings(),
      now: freshClock.now().getTime(),
    });
    expect(after.slots).toEqual(expected);
    // 45 minutes and a 15-minute buffer each side: 10:00 to 12:00 is taken.
    const starts = after.slots.map((slot) => slot.start);
    for (const taken of ['10:30', '11:00', '11:30']) expect(starts).not.toContain(`2026-01-06T${taken}:00.000Z`);
    expect(starts).toContain('2026-01-06T10:00:00.000Z');
    expect(starts).toContain('2026-01-06T12:00:00.000Z');
    expect(after.slots.length).toBe(before.slots.length - 3);
  });
});
