/**
 * The booking's wire contract (domain/bookingContract.ts; docs/product.md#booking): what the office may send as
 * its hours, what a customer may send as a chosen time, and the answers' shapes. Each refusal names the field
 * and the check that refused it, as the server's 400 reads the first failure's field (server/http/validate.ts).
 */
import { describe, expect, it } from 'vitest';
import { WEEKDAYS } from '#domain/booking';
import {
  AvailabilityRequest,
  AvailabilityResponse,
  BookingPageResponse,
  BookingRequest,
  BookingResponse,
  DAYS_OFF_MAX,
  HOURS_RANGES_PER_DAY_MAX,
  SlotsResponse,
} from '#domain/bookingContract';
import { refusal } from './contract-structs';

const week = (monday: unknown[] = []): Record<string, unknown[]> => ({
  ...Object.fromEntries(WEEKDAYS.map((day) => [day, []])),
  monday,
});
const hours = (monday: unknown[], daysOff: unknown[] = []) => ({ weekly: week(monday), daysOff });
const range = (start: string, end: string) => ({ start, end });
const RANGES_TEXT = 'each range must start before it ends, in order, without overlapping the next';

describe('office hours (PUT /api/office/availability)', () => {
  it('allow at most four ranges a day and 366 days off, as docs/product.md#booking sets', () => {
    expect([HOURS_RANGES_PER_DAY_MAX, DAYS_OFF_MAX]).toEqual([4, 366]);
  });

  it.each([
    ['00:00', '09:30'],
    ['19:59', '20:00'],
    ['20:00', '23:59'],
  ])('take %s to %s as a day’s range', (start, end) => {
    expect(refusal(AvailabilityRequest, hours([range(start, end)]))).toBe(undefined);
  });

  it.each(['24:00', '29:00', '9:00', '09:60', '09:5x', '1x:00', 'a09:00', '09:00a', ' 09:00', '0900'])(
    'refuse %j as a time of day',
    (time) => {
      expect(refusal(AvailabilityRequest, hours([range(time, '23:59')]))).toMatchObject({
        path: 'weekly.monday.0.start',
        refinement: 'pattern',
      });
    },
  );

  it('take ranges that touch, in order, up to four a day', () => {
    const four = [range('08:00', '09:00'), range('09:00', '12:00'), range('13:00', '17:00'), range('18:00', '19:00')];
    expect(refusal(AvailabilityRequest, hours(four))).toBe(undefined);
    expect(refusal(AvailabilityRequest, hours([...four, range('20:00', '21:00')]))).toMatchObject({
      path: 'weekly.monday',
      refinement: 'size',
    });
  });

  it.each([
    ['ending as it starts', [range('09:00', '09:00')]],
    ['ending before it starts', [range('17:00', '09:00')]],
    ['after a good one, ending before it starts', [range('08:00', '09:00'), range('12:00', '10:00')]],
    ['overlapping the one before', [range('09:00', '12:00'), range('11:30', '13:00')]],
    ['out of order', [range('13:00', '17:00'), range('09:00', '12:00')]],
  ])('refuse a range %s', (_, ranges) => {
    expect(refusal(AvailabilityRequest, hours(ranges))).toEqual({
      path: 'weekly.monday',
      refinement: 'DayRanges',
      message: RANGES_TEXT,
    });
  });

  it('hold every weekday, and no other key, in the week and in each range', () => {
    const { sunday: _, ...withoutSunday } = week();
    expect(refusal(AvailabilityRequest, { weekly: withoutSunday, daysOff: [] })).toMatchObject({
      path: 'weekly.sunday',
    });
    expect(refusal(AvailabilityRequest, { weekly: { ...week(), funday: [] }, daysOff: [] })).toMatchObject({
      path: 'weekly.funday',
    });
    expect(refusal(AvailabilityRequest, hours([{ ...range('09:00', '10:00'), note: 'x' }]))).toMatchObject({
      path: 'weekly.monday.0.note',
    });
    expect(refusal(AvailabilityRequest, { ...hours([]), memberId: 'm' })).toMatchObject({ path: 'memberId' });
    expect(refusal(AvailabilityRequest, { weekly: week() })).toMatchObject({ path: 'daysOff' });
  });

  it.each(['2026-11-23', '2028-02-29', '2026-12-31'])('take %s as a day off', (date) => {
    expect(refusal(AvailabilityRequest, hours([], [date]))).toBe(undefined);
  });

  it.each([
    '2026-1-05',
    '2026-11-5',
    '26-11-23',
    '2026-11-23x',
    'x2026-11-23',
    '2026-11-2x',
    '2026-1x-05',
    '20x6-11-23',
  ])('refuse %j as a day off by its pattern first', (date) => {
    expect(refusal(AvailabilityRequest, hours([], [date]))).toMatchObject({ path: 'daysOff.0', refinement: 'pattern' });
  });

  it.each(['2026-02-30', '2027-02-29', '2026-13-01', '2026-00-10', '2026-04-31'])(
    'refuse %s, a date that does not exist',
    (date) => {
      expect(refusal(AvailabilityRequest, hours([], [date]))).toEqual({
        path: 'daysOff.0',
        refinement: 'LocalDate',
        message: 'must be a date that exists',
      });
    },
  );

  it('keep at most 366 days off', () => {
    expect(refusal(AvailabilityRequest, hours([], Array(366).fill('2026-12-01')))).toBe(undefined);
    expect(refusal(AvailabilityRequest, hours([], Array(367).fill('2026-12-01')))).toMatchObject({
      path: 'daysOff',
      refinement: 'size',
    });
  });
});

describe('a chosen time (POST /api/orders/<id>/booking, /api/bookings/<token>/move)', () => {
  const chosen = { start: '2026-11-23T10:00:00.000Z', timeZone: 'Asia/Kathmandu' };

  it('takes an instant and the customer’s zone, up to 40 and 64 characters', () => {
    expect(refusal(BookingRequest, chosen)).toBe(undefined);
    const longest = { start: `2026-06-10T13:00:00.${'0'.repeat(19)}Z`, timeZone: 'Z'.repeat(64) };
    expect(longest.start).toHaveLength(40);
    expect(refusal(BookingRequest, longest)).toBe(undefined);
    expect(
      refusal(BookingRequest, { ...longest, start: `${longest.start.slice(0, 20)}0${longest.start.slice(20)}` }),
    ).toMatchObject({ path: 'start', refinement: 'size' });
    expect(refusal(BookingRequest, { ...chosen, timeZone: 'Z'.repeat(65) })).toMatchObject({
      path: 'timeZone',
      refinement: 'size',
    });
  });

  it('refuses a start that is no time, an empty zone, a missing field and any other key', () => {
    expect(refusal(BookingRequest, { ...chosen, start: 'next Tuesday at ten' })).toEqual({
      path: 'start',
      refinement: 'Instant',
      message: 'must be a date and time',
    });
    expect(refusal(BookingRequest, { ...chosen, start: '' })).toMatchObject({ path: 'start', refinement: 'size' });
    expect(refusal(BookingRequest, { ...chosen, timeZone: '' })).toMatchObject({ path: 'timeZone' });
    expect(refusal(BookingRequest, { start: chosen.start })).toMatchObject({ path: 'timeZone' });
    expect(refusal(BookingRequest, { ...chosen, memberId: 'ann' })).toMatchObject({ path: 'memberId' });
  });
});

/** A copy of `value` without the key at the dotted `path`. */
function without(value: unknown, path: string): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  const keys = path.split('.');
  const parent = keys.slice(0, -1).reduce((node, key) => node[key] as Record<string, unknown>, copy);
  delete parent[keys.at(-1)!];
  return copy;
}

const slot = { start: '2026-11-23T10:00:00.000Z', end: '2026-11-23T10:45:00.000Z' };
const call = {
  ...slot,
  join: 'https://meet.jit.si/abc',
  with: 'Olive Office',
  changeUntil: '2026-11-23T08:00:00.000Z',
  chosenByCustomer: true,
};
const memberCall = {
  orderId: 'o1',
  title: 'Audit',
  type: 'video',
  ...slot,
  customer: { name: 'Cy', email: 'cy@example.com' },
  chosenByCustomer: false,
};
const availability = {
  memberId: 'm1',
  timeZone: 'Europe/London',
  ...hours([range('09:00', '17:00')], ['2026-12-24']),
  calls: [memberCall],
};
const slots = { timeZone: 'Europe/London', promiseEndsAt: '2026-11-24T10:00:00.000Z', slots: [slot] };
const booking = { status: 'scheduled', call };
const page = { service: { title: 'Audit', type: 'video' }, state: 'scheduled', call, ...slots };

describe('the booking’s answers', () => {
  it.each([
    ['AvailabilityResponse', AvailabilityResponse, availability],
    ['SlotsResponse', SlotsResponse, slots],
    ['BookingResponse', BookingResponse, booking],
    ['BookingPageResponse', BookingPageResponse, page],
  ] as const)('%s takes its sample, with fields it does not name', (_, struct, sample) => {
    expect(refusal(struct, { ...sample, extra: 1 })).toBe(undefined);
  });

  it.each([
    ['AvailabilityResponse', AvailabilityResponse, availability, 'calls.0.orderId'],
    ['AvailabilityResponse', AvailabilityResponse, availability, 'calls.0.customer.email'],
    ['AvailabilityResponse', AvailabilityResponse, availability, 'weekly.monday'],
    ['AvailabilityResponse', AvailabilityResponse, availability, 'calls'],
    ['SlotsResponse', SlotsResponse, slots, 'slots.0.end'],
    ['SlotsResponse', SlotsResponse, slots, 'promiseEndsAt'],
    ['BookingResponse', BookingResponse, booking, 'call.changeUntil'],
    ['BookingResponse', BookingResponse, booking, 'status'],
    ['BookingPageResponse', BookingPageResponse, page, 'service.type'],
    ['BookingPageResponse', BookingPageResponse, page, 'slots'],
  ])('%s refuses an answer without %s', (_, struct, sample, path) => {
    expect(refusal(struct, without(sample, path))).toMatchObject({ path });
  });

  it('state where the order and its call stand in words of their own', () => {
    for (const status of ['paid', 'scheduled'])
      expect(refusal(BookingResponse, { ...booking, status })).toBe(undefined);
    expect(refusal(BookingResponse, { status: 'paid', call: null })).toBe(undefined);
    expect(refusal(BookingResponse, { ...booking, status: 'delivered' })).toMatchObject({ path: 'status' });
    for (const state of ['scheduled', 'cancelled', 'ended'])
      expect(refusal(BookingPageResponse, { ...page, state })).toBe(undefined);
    expect(refusal(BookingPageResponse, { ...page, state: '' })).toMatchObject({ path: 'state' });
    expect(refusal(AvailabilityResponse, { ...availability, calls: [{ ...memberCall, customer: null }] })).toBe(
      undefined,
    );
  });
});
