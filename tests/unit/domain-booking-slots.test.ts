/**
 * The slot function's edges (domain/bookingSlots.ts; docs/product.md#booking), each worked out by hand on an
 * ordinary November week in London (GMT, so the clock reads UTC): the first start exactly at the notice, a call
 * that ends exactly at the close, the buffer around a call the office set off the half-hour, the horizon's last
 * day, and the order of slots several members offer. The properties over random input are in booking-slots.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { type HoursRange, type OfficeHours, type SlotSettings, WEEKDAYS } from '#domain/booking';
import { freeSlots, membersFreeAt } from '#domain/bookingSlots';

const settings: SlotSettings = {
  timeZone: 'Europe/London',
  callMinutes: 45,
  bufferMinutes: 15,
  noticeMinutes: 120,
  horizonDays: 14,
};
/** Monday 2026-11-23, 06:00 GMT. */
const now = Date.parse('2026-11-23T06:00:00Z');

const mondays = (memberId: string, ...monday: HoursRange[]): OfficeHours => ({
  memberId,
  weekly: {
    ...(Object.fromEntries(WEEKDAYS.map((day) => [day, [] as HoursRange[]])) as OfficeHours['weekly']),
    monday,
  },
  daysOff: [],
});
/** The starts offered on one UTC date, as times of day ('09:00'). */
const startsOn = (date: string, slots: { start: string }[]) =>
  slots.filter((slot) => slot.start.startsWith(date)).map((slot) => slot.start.slice(11, 16));

describe('free slots at their edges', () => {
  it('offer a start exactly the notice after now', () => {
    const slots = freeSlots({ hours: [mondays('ann', { start: '08:00', end: '10:00' })], calls: [], settings, now });
    expect(startsOn('2026-11-23', slots)).toEqual(['08:00', '08:30', '09:00']);
  });

  it('offer a call that ends exactly when the hours do', () => {
    const slots = freeSlots({ hours: [mondays('ann', { start: '09:00', end: '10:45' })], calls: [], settings, now });
    expect(startsOn('2026-11-23', slots)).toEqual(['09:00', '09:30', '10:00']);
  });

  it('keep the buffer before and after a call set off the half-hour', () => {
    const calls = [{ memberId: 'ann', start: '2026-11-23T10:20:00Z', end: '2026-11-23T10:50:00Z' }];
    const input = { hours: [mondays('ann', { start: '09:00', end: '13:00' })], calls, settings, now };
    expect(startsOn('2026-11-23', freeSlots(input))).toEqual(['09:00', '11:30', '12:00']);
    expect(membersFreeAt('2026-11-23T09:30:00.000Z', input)).toEqual([]);
    expect(membersFreeAt('2026-11-23T11:30:00.000Z', input)).toEqual(['ann']);
  });

  it('offer the horizon’s last day up to the horizon, and no call that ends on the next day', () => {
    const noon = Date.parse('2026-11-23T12:00:00Z');
    const slots = freeSlots({
      hours: [mondays('ann', { start: '00:00', end: '23:59' })],
      calls: [],
      settings,
      now: noon,
    });
    expect(startsOn('2026-11-23', slots)).toEqual(halfHours('14:00', '23:00'));
    expect(startsOn('2026-11-30', slots)).toEqual(halfHours('00:00', '23:00'));
    expect(startsOn('2026-12-07', slots)).toEqual(halfHours('00:00', '11:30'));
    expect(slots.at(-1)).toEqual({ start: '2026-12-07T11:30:00.000Z', end: '2026-12-07T12:15:00.000Z' });
  });

  it('list the starts of several members in time order, each once', () => {
    const ann = mondays('ann', { start: '13:00', end: '15:00' });
    const bob = mondays('bob', { start: '09:00', end: '14:00' });
    const slots = freeSlots({ hours: [ann, bob], calls: [], settings, now });
    expect(startsOn('2026-11-23', slots)).toEqual(halfHours('09:00', '14:00'));
    expect(slots.map((slot) => slot.start)).toEqual(slots.map((slot) => slot.start).sort());
    expect(membersFreeAt('2026-11-23T13:00:00.000Z', { hours: [ann, bob], calls: [], settings, now })).toEqual([
      'ann',
      'bob',
    ]);
  });
});

/** Every hour and half-hour from `first` to `last`, both included: '09:00', '09:30', … */
function halfHours(first: string, last: string): string[] {
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
  const times: string[] = [];
  for (let at = minutes(first); at <= minutes(last); at += 30) {
    times.push(`${String(Math.floor(at / 60)).padStart(2, '0')}:${String(at % 60).padStart(2, '0')}`);
  }
  return times;
}
