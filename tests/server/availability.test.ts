/**
 * "My hours" (GET and PUT /api/office/availability): an office member's own weekly hours and days off, an admin's
 * `?member=`, the refusals, and a 400 naming the day or date at fault (docs/decisions/0042-customers-book-their-call.md).
 */
import { assert } from 'superstruct';
import { afterAll, describe, expect, it } from 'vitest';
import { WEEKDAYS } from '#domain/booking';
import { AvailabilityResponse } from '#domain/bookingContract';
import { NO_SUCH_MEMBER_TEXT, OTHERS_HOURS_TEXT } from '#server/booking/availability';
import {
  DAYS_OFF_TEXT,
  WEEKLY_TEXT,
  dateText,
  dayMissingText,
  rangesText,
  timeText,
  tooManyRangesText,
} from '#server/booking/availability-request';
import { STAFF_ONLY_TEXT } from '#server/ways-in/require-auth';
import { bearer, cleanup, createTestServer, errorText, jsonInit } from './helpers';
import { account, paidOrder, PHONE_ORDER } from './office-helpers';

afterAll(cleanup);

// The test clock starts on Monday 2026-01-05 at 09:00 UTC, 09:00 in London.
const { app, db, clock } = await createTestServer();
const admin = await account(app, db, 'admin', 'Alan Admin');
const office = await account(app, db, 'office', 'Olive Office');
const customer = await account(app, db);

const EMPTY = Object.fromEntries(WEEKDAYS.map((day) => [day, []]));
const WEEKLY = {
  ...EMPTY,
  monday: [
    { start: '09:00', end: '12:00' },
    { start: '13:00', end: '17:30' },
  ],
};

const path = (member?: string) => `/api/office/availability${member === undefined ? '' : `?member=${member}`}`;
const read = (token: string, member?: string) => app.request(path(member), { headers: bearer(token) });
const write = (token: string, body: unknown, member?: string) =>
  app.request(path(member), jsonInit('PUT', body, bearer(token)));

async function hoursOf(res: Response) {
  expect(res.status).toBe(200);
  const body: unknown = await res.json();
  assert(body, AvailabilityResponse);
  return body;
}

describe('/api/office/availability', () => {
  it('has no hours and no days off before any are set', async () => {
    const fresh = await account(app, db, 'office', 'Nora New');
    expect(await hoursOf(await read(fresh.token))).toEqual({
      memberId: fresh.id,
      timeZone: 'Europe/London',
      weekly: EMPTY,
      daysOff: [],
      calls: [],
    });
  });

  it("keeps a member's own hours, with the days off sorted and each once", async () => {
    const saved = await hoursOf(
      await write(office.token, { weekly: WEEKLY, daysOff: ['2026-03-02', '2026-01-07', '2026-03-02'] }),
    );
    const expected = {
      memberId: office.id,
      timeZone: 'Europe/London',
      weekly: WEEKLY,
      daysOff: ['2026-01-07', '2026-03-02'],
      calls: [],
    };
    expect(saved).toEqual(expected);
    expect(await hoursOf(await read(office.token))).toEqual(expected);
    // Saving again replaces the whole.
    await hoursOf(await write(office.token, { weekly: EMPTY, daysOff: [] }));
    expect(await hoursOf(await read(office.token))).toMatchObject({ weekly: EMPTY, daysOff: [] });
  });

  it('drops the days off before today on the company clock, and keeps today', async () => {
    const saved = await hoursOf(
      await write(office.token, { weekly: EMPTY, daysOff: ['2026-01-04', '2025-12-25', '2026-01-05'] }),
    );
    expect(saved.daysOff).toEqual(['2026-01-05']);
  });

  it("lets an admin read and set an office member's hours with ?member=", async () => {
    const saved = await hoursOf(await write(admin.token, { weekly: WEEKLY, daysOff: [] }, office.id));
    expect(saved).toMatchObject({ memberId: office.id, weekly: WEEKLY });
    expect(await hoursOf(await read(office.token))).toMatchObject({ memberId: office.id, weekly: WEEKLY });
    expect(await hoursOf(await read(admin.token, office.id))).toMatchObject({ memberId: office.id, weekly: WEEKLY });
    expect(await hoursOf(await read(admin.token))).toMatchObject({ memberId: admin.id, weekly: EMPTY });
  });

  it("refuses an office member another member's hours (403), but not their own id", async () => {
    for (const res of [
      await read(office.token, admin.id),
      await write(office.token, { weekly: WEEKLY, daysOff: [] }, admin.id),
    ]) {
      expect(res.status).toBe(403);
      expect(await errorText(res)).toBe(OTHERS_HOURS_TEXT);
    }
    expect(await hoursOf(await read(office.token, office.id))).toMatchObject({ memberId: office.id });
    expect(await hoursOf(await read(admin.token))).toMatchObject({ weekly: EMPTY });
  });

  it('answers 404 to an admin naming a customer or no account', async () => {
    for (const member of [customer.id, '0190b6a0-0000-7000-8000-000000000000', 'junk']) {
      const res = await read(admin.token, member);
      expect(res.status).toBe(404);
      expect(await errorText(res)).toBe(NO_SUCH_MEMBER_TEXT);
      const put = await write(admin.token, { weekly: WEEKLY, daysOff: [] }, member);
      expect(put.status).toBe(404);
    }
  });

  it('is for the office only: 401 signed out, 403 for a customer', async () => {
    expect((await app.request(path())).status).toBe(401);
    const res = await read(customer.token);
    expect(res.status).toBe(403);
    expect(await errorText(res)).toBe(STAFF_ONLY_TEXT);
    expect((await write(customer.token, { weekly: WEEKLY, daysOff: [] })).status).toBe(403);
  });

  it('words each refusal for the office, the day capitalised (the words are the point, so literal here)', () => {
    expect([timeText('tuesday'), rangesText('wednesday'), tooManyRangesText('sunday')]).toEqual([
      "Tuesday's hours must be times of day from 00:00 to 23:59, like 09:00.",
      "Wednesday's ranges must each end after they start, in order, without overlapping.",
      'Sunday may have at most 4 ranges of hours.',
    ]);
    expect([dayMissingText('saturday'), dateText('2027-02-30')]).toEqual([
      "Please give Saturday's hours: a list, empty for no hours.",
      '2027-02-30 is not a date: please give each day off as a date that exists.',
    ]);
  });

  it('refuses bad hours with a 400 naming the day or date, and keeps what was there', async () => {
    await hoursOf(await write(office.token, { weekly: WEEKLY, daysOff: [] }));
    const range = (start: string, end: string) => ({ start, end });
    const fourOverlapping = ['08', '10', '12', '12'].map((h) => range(`${h}:00`, `${h}:30`));
    const cases: Array<[unknown, string]> = [
      [{ weekly: { ...WEEKLY, tuesday: [range('9:00', '12:00')] }, daysOff: [] }, timeText('tuesday')],
      [{ weekly: { ...WEEKLY, friday: [range('09:00', '24:00')] }, daysOff: [] }, timeText('friday')],
      [{ weekly: { ...WEEKLY, monday: [range('12:00', '09:00')] }, daysOff: [] }, rangesText('monday')],
      [{ weekly: { ...WEEKLY, monday: [range('10:00', '10:00')] }, daysOff: [] }, rangesText('monday')],
      [
        { weekly: { ...WEEKLY, wednesday: [range('09:00', '12:00'), range('11:00', '14:00')] }, daysOff: [] },
        rangesText('wednesday'),
      ],
      [
        {
          weekly: { ...WEEKLY, sunday: ['08', '10', '12', '14', '16'].map((h) => range(`${h}:00`, `${h}:30`)) },
          daysOff: [],
        },
        tooManyRangesText('sunday'),
      ],
      // As many ranges as a day may have, but overlapping: the ranges are wrong, not their number.
      [{ weekly: { ...WEEKLY, thursday: fourOverlapping }, daysOff: [] }, rangesText('thursday')],
      [{ weekly: { ...WEEKLY, saturday: undefined }, daysOff: [] }, dayMissingText('saturday')],
      [{ weekly: WEEKLY, daysOff: ['2027-02-30'] }, dateText('2027-02-30')],
      [{ weekly: { ...WEEKLY, funday: [] }, daysOff: [] }, WEEKLY_TEXT],
      [{ weekly: 'always', daysOff: [] }, WEEKLY_TEXT],
      [{ weekly: WEEKLY, daysOff: ['next friday'] }, DAYS_OFF_TEXT],
      // A date with more around it is no date at all, not a date that does not exist.
      [{ weekly: WEEKLY, daysOff: ['on 2027-02-03'] }, DAYS_OFF_TEXT],
      [{ weekly: WEEKLY, daysOff: ['2027-02-03 and 04'] }, DAYS_OFF_TEXT],
      // Something shaped like a date that is not a day off, or not in the days off, is not named as a bad date.
      [{ weekly: WEEKLY, daysOff: [['2027-02-03']] }, DAYS_OFF_TEXT],
      [{ weekly: { ...WEEKLY, funday: '2027-02-03' }, daysOff: [] }, WEEKLY_TEXT],
      [{ weekly: WEEKLY }, DAYS_OFF_TEXT],
      [{ weekly: WEEKLY, daysOff: [], extra: 1 }, 'The field "extra" is missing or invalid.'],
      [['junk'], 'The request body must be an object of fields.'],
      ['junk', 'The request body must be an object of fields.'],
    ];
    for (const [body, text] of cases) {
      const res = await write(office.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await errorText(res)).toBe(text);
    }
    const junk = await app.request(path(), {
      method: 'PUT',
      headers: { ...bearer(office.token), 'Content-Type': 'application/json' },
      body: '{',
    });
    expect(junk.status).toBe(400);
    expect(await hoursOf(await read(office.token))).toMatchObject({ weekly: WEEKLY, daysOff: [] });
  });
});

/** Gives the order's call to a member, as booking does: its time, its range with the buffer, who chose it. */
async function holdCall(orderId: string, memberId: string, start: string, status: 'scheduled' | 'delivered') {
  const startMinute = Date.parse(start) / 60_000;
  await db
    .updateTable('orders')
    .set({
      status,
      scheduled_at: start,
      join_info: 'https://meet.example.com/call',
      call_member_id: memberId,
      call_start_minute: startMinute,
      call_until_minute: startMinute + 60,
    })
    .where('invoice_id', '=', orderId)
    .execute();
}

describe("/api/office/availability: the member's calls", () => {
  it('lists the calls a member holds that have not ended, earliest first, with service and customer', async () => {
    const member = await account(app, db, 'office', 'Cal Caller');
    const colleague = await account(app, db, 'office', 'Col League');
    const buyer = await account(app, db, 'common', 'Bea Buyer');
    const [ended, underWay, later, chosen, delivered, others] = await Promise.all([
      paidOrder(app, buyer),
      paidOrder(app, buyer),
      paidOrder(app, buyer),
      paidOrder(app, buyer, PHONE_ORDER),
      paidOrder(app, buyer),
      paidOrder(app, buyer),
    ]);
    // Now is 09:00 on Monday 5 January; a call lasts 45 minutes.
    await holdCall(later!, member.id, '2026-01-06T10:00:00.000Z', 'scheduled');
    await holdCall(ended!, member.id, '2026-01-05T07:00:00.000Z', 'scheduled');
    await holdCall(underWay!, member.id, '2026-01-05T08:30:00.000Z', 'scheduled');
    await holdCall(chosen!, member.id, '2026-01-05T14:00:00.000Z', 'scheduled');
    await db
      .updateTable('orders')
      .set({ call_chosen_by_customer: 1, call_customer_zone: 'America/New_York' })
      .where('invoice_id', '=', chosen!)
      .execute();
    await holdCall(delivered!, member.id, '2026-01-07T10:00:00.000Z', 'delivered');
    await holdCall(others!, colleague.id, '2026-01-05T14:00:00.000Z', 'scheduled');
    const customer = { name: 'Bea Buyer', email: buyer.email };
    const call = (orderId: string, start: string, end: string, type = 'Video Meeting') => ({
      orderId,
      title: 'Website Development Consultation',
      type,
      start,
      end,
      customer,
      chosenByCustomer: false,
    });
    const expected = [
      call(underWay!, '2026-01-05T08:30:00.000Z', '2026-01-05T09:15:00.000Z'),
      {
        ...call(chosen!, '2026-01-05T14:00:00.000Z', '2026-01-05T14:45:00.000Z', 'Phone Call'),
        chosenByCustomer: true,
      },
      call(later!, '2026-01-06T10:00:00.000Z', '2026-01-06T10:45:00.000Z'),
    ];
    expect((await hoursOf(await read(member.token))).calls).toEqual(expected);
    // Saving the hours answers the calls too, and an admin sees them with ?member=.
    expect((await hoursOf(await write(member.token, { weekly: WEEKLY, daysOff: [] }))).calls).toEqual(expected);
    expect((await hoursOf(await read(admin.token, member.id))).calls).toEqual(expected);
    expect((await hoursOf(await read(colleague.token))).calls.map((held) => held.orderId)).toEqual([others]);

    // At its end, the call under way leaves the list.
    clock.advance(15 * 60_000);
    expect((await hoursOf(await read(member.token))).calls.map((held) => held.orderId)).toEqual([chosen, later]);
  });

  it("names no customer once the customer's account is gone", async () => {
    const member = await account(app, db, 'office', 'Gone Caller');
    const order = await paidOrder(app, await account(app, db));
    await holdCall(order, member.id, '2026-02-02T10:00:00.000Z', 'scheduled');
    await db.updateTable('invoices').set({ user_id: null }).where('id', '=', order).execute();
    const [held] = (await hoursOf(await read(member.token))).calls;
    expect(held).toMatchObject({ orderId: order, customer: null });
  });
});
