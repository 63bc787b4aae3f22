/**
 * The free slots of the office's calls (domain/bookingSlots.ts): table tests on the company's clock changes, and
 * properties over random hours, calls and moments. Europe/London changes its clock on 2026-10-25 (02:00 BST back
 * to 01:00 GMT) and on 2027-03-28 (01:00 GMT on to 02:00 BST).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BookedCall, type HoursRange, type OfficeHours, type SlotSettings, WEEKDAYS } from '#domain/booking';
import { freeSlots, membersFreeAt } from '#domain/bookingSlots';
import { zonedDate } from '#domain/zonedTime';

const LONDON = 'Europe/London';
const settings: SlotSettings = {
  timeZone: LONDON,
  callMinutes: 45,
  bufferMinutes: 15,
  noticeMinutes: 120,
  horizonDays: 14,
};
const MINUTE_MS = 60_000;

function hours(memberId: string, ranges: Partial<Record<(typeof WEEKDAYS)[number], HoursRange[]>>, daysOff = []) {
  const weekly = Object.fromEntries(WEEKDAYS.map((day) => [day, ranges[day] ?? []])) as OfficeHours['weekly'];
  return { memberId, weekly, daysOff } as OfficeHours;
}

const starts = (slots: { start: string }[]) => slots.map((slot) => slot.start);
const onDate = (date: string, slots: { start: string }[]) =>
  starts(slots).filter((start) => zonedDate(Date.parse(start), LONDON) === date);

describe('free slots on an ordinary day', () => {
  const ann = hours('ann', { monday: [{ start: '09:00', end: '17:00' }] });
  const now = Date.parse('2026-11-23T06:00:00Z'); // a Monday, GMT

  it('start on the hour and half-hour from the first start to the last that ends by the close', () => {
    const slots = freeSlots({ hours: [ann], calls: [], settings, now });
    const monday = onDate('2026-11-23', slots);
    expect(monday[0]).toBe('2026-11-23T09:00:00.000Z');
    expect(monday.at(-1)).toBe('2026-11-23T16:00:00.000Z');
    expect(monday).toHaveLength(15);
    expect(slots[0]).toEqual({ start: '2026-11-23T09:00:00.000Z', end: '2026-11-23T09:45:00.000Z' });
  });

  it('start no sooner than the notice after now', () => {
    const late = Date.parse('2026-11-23T10:10:00Z');
    expect(onDate('2026-11-23', freeSlots({ hours: [ann], calls: [], settings, now: late }))[0]).toBe(
      '2026-11-23T12:30:00.000Z',
    );
  });

  it('keep a booked call and its buffer clear, on both sides', () => {
    const calls: BookedCall[] = [{ memberId: 'ann', start: '2026-11-23T10:00:00Z', end: '2026-11-23T10:45:00Z' }];
    const monday = onDate('2026-11-23', freeSlots({ hours: [ann], calls, settings, now }));
    expect(monday).toContain('2026-11-23T09:00:00.000Z');
    for (const taken of ['09:30', '10:00', '10:30']) expect(monday).not.toContain(`2026-11-23T${taken}:00.000Z`);
    expect(monday).toContain('2026-11-23T11:00:00.000Z');
  });

  it('stay offered while another member is free, and name who is', () => {
    const bob = hours('bob', { monday: [{ start: '10:00', end: '12:00' }] });
    const calls: BookedCall[] = [{ memberId: 'ann', start: '2026-11-23T10:00:00Z', end: '2026-11-23T10:45:00Z' }];
    const input = { hours: [ann, bob], calls, settings, now };
    expect(onDate('2026-11-23', freeSlots(input))).toContain('2026-11-23T10:00:00.000Z');
    expect(membersFreeAt('2026-11-23T10:00:00.000Z', input)).toEqual(['bob']);
    expect(membersFreeAt('2026-11-23T09:00:00.000Z', input)).toEqual(['ann']);
    expect(membersFreeAt('2026-11-23T09:10:00.000Z', input)).toEqual([]);
  });

  it('leave out a member’s days off, and hours that start off the half-hour begin at the next one', () => {
    const off = { ...hours('ann', { monday: [{ start: '09:15', end: '11:00' }] }), daysOff: ['2026-11-23'] };
    const slots = freeSlots({ hours: [off], calls: [], settings, now });
    expect(onDate('2026-11-23', slots)).toEqual([]);
    expect(onDate('2026-11-30', slots)).toEqual(['2026-11-30T09:30:00.000Z', '2026-11-30T10:00:00.000Z']);
  });

  it('end at the horizon', () => {
    const slots = freeSlots({ hours: [ann], calls: [], settings, now });
    expect(Date.parse(slots.at(-1)!.start)).toBeLessThan(now + 14 * 24 * 60 * MINUTE_MS);
    expect(onDate('2026-12-07', slots)).toHaveLength(0);
    expect(onDate('2026-11-30', slots)).toHaveLength(15);
  });
});

describe('free slots across the clock changes', () => {
  const nightAndAfternoon = [
    { start: '00:00', end: '04:00' },
    { start: '13:00', end: '17:00' },
  ];

  it('skip the hour lost in spring (2027-03-28), and read the afternoon on summer time', () => {
    const member = hours('ann', { sunday: nightAndAfternoon });
    const slots = onDate(
      '2027-03-28',
      freeSlots({ hours: [member], calls: [], settings, now: Date.parse('2027-03-26T00:00:00Z') }),
    );
    const utc = ['00:00', '00:30', '01:00', '01:30', '02:00'].map((t) => `2027-03-28T${t}:00.000Z`);
    const afternoon = ['12:00', '12:30', '13:00', '13:30', '14:00', '14:30', '15:00'].map(
      (t) => `2027-03-28T${t}:00.000Z`,
    );
    expect(slots).toEqual([...utc, ...afternoon]);
  });

  it('offer the hour given back in autumn (2026-10-25) once, and read the afternoon on winter time', () => {
    const member = hours('ann', { sunday: [{ start: '00:00', end: '03:00' }, nightAndAfternoon[1]!] });
    const slots = onDate(
      '2026-10-25',
      freeSlots({ hours: [member], calls: [], settings, now: Date.parse('2026-10-20T00:00:00Z') }),
    );
    const night = ['2026-10-24T23:00', '2026-10-24T23:30', '2026-10-25T00:00', '2026-10-25T00:30', '2026-10-25T02:00'];
    const afternoon = ['13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00'].map((t) => `2026-10-25T${t}`);
    expect(slots).toEqual([...night, ...afternoon].map((t) => `${t}:00.000Z`));
  });
});

/** Random hours: up to three members, each weekday up to two ranges on the quarter-hour. */
const rangeArb = fc
  .tuple(fc.integer({ min: 0, max: 95 }), fc.integer({ min: 1, max: 32 }))
  .map(([from, length]) => [from * 15, Math.min(from * 15 + length * 15, 24 * 60 - 1)] as const)
  .filter(([from, to]) => to > from)
  .map(([from, to]) => ({
    start: `${String(Math.floor(from / 60)).padStart(2, '0')}:${String(from % 60).padStart(2, '0')}`,
    end: `${String(Math.floor(to / 60)).padStart(2, '0')}:${String(to % 60).padStart(2, '0')}`,
  }));
const memberArb = (memberId: string) =>
  fc
    .record({
      weekly: fc.record(Object.fromEntries(WEEKDAYS.map((day) => [day, fc.array(rangeArb, { maxLength: 2 })]))),
      daysOff: fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 3 }),
    })
    .map(({ weekly, daysOff }) => ({
      memberId,
      weekly: weekly as OfficeHours['weekly'],
      daysOff: daysOff.map((day) =>
        new Date(Date.parse('2027-03-20T00:00Z') + day * 86_400_000).toISOString().slice(0, 10),
      ),
    }));
// Moments around both clock changes.
const nowArb = fc.oneof(
  fc.integer({ min: Date.parse('2026-10-15T00:00Z'), max: Date.parse('2026-10-30T00:00Z') }),
  fc.integer({ min: Date.parse('2027-03-18T00:00Z'), max: Date.parse('2027-04-02T00:00Z') }),
);
const inputArb = fc
  .tuple(fc.array(fc.constantFrom('ann', 'bob', 'cy'), { minLength: 1, maxLength: 3 }), nowArb)
  .chain(([ids, now]) => {
    const members = [...new Set(ids)];
    const callArb = fc
      .tuple(fc.constantFrom(...members), fc.integer({ min: 0, max: 16 * 96 }))
      .map(([memberId, quarter]) => {
        const start = Math.floor(now / 900_000) * 900_000 + quarter * 900_000;
        return { memberId, start: new Date(start).toISOString(), end: new Date(start + 45 * MINUTE_MS).toISOString() };
      });
    return fc.record({
      hours: fc.tuple(...members.map(memberArb)),
      calls: fc.array(callArb, { maxLength: 12 }),
      now: fc.constant(now),
    });
  })
  .map((input) => ({ ...input, settings }));

/** Whether the member's hours hold the whole call starting then: its start and end read on the company's clock. */
function withinHours(member: OfficeHours, start: number): boolean {
  const clock = (instant: number) =>
    new Intl.DateTimeFormat('sv-SE', { timeZone: LONDON, dateStyle: 'short', timeStyle: 'short' }).format(instant);
  const [date, from] = clock(start).split(' ') as [string, string];
  const [endDate, to] = clock(start + 45 * MINUTE_MS).split(' ') as [string, string];
  if (member.daysOff.includes(date) || endDate !== date) return false;
  const weekday = WEEKDAYS[(new Date(`${date}T00:00Z`).getUTCDay() + 6) % 7]!;
  return member.weekly[weekday].some((range) => from >= range.start && to <= range.end);
}

describe('every offered slot', () => {
  it('lies within a free member’s hours, clear of their calls and buffers, after the notice and within the horizon', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        // Every slot's bounds; the members free for it on a sample (each answer recomputes them all).
        const slots = freeSlots(input);
        for (const [index, slot] of slots.entries()) {
          const start = Date.parse(slot.start);
          expect(start).toBeGreaterThanOrEqual(input.now + 120 * MINUTE_MS);
          expect(start).toBeLessThan(input.now + 14 * 86_400_000);
          expect(Date.parse(slot.end) - start).toBe(45 * MINUTE_MS);
          if (index % Math.ceil(slots.length / 4) !== 0) continue;
          const free = membersFreeAt(slot.start, input);
          expect(free.length).toBeGreaterThan(0);
          for (const memberId of free) {
            expect(
              withinHours(
                input.hours.find((m) => m.memberId === memberId)!,
                start,
              ),
            ).toBe(true);
            for (const call of input.calls.filter((c) => c.memberId === memberId)) {
              const clear =
                start >= Date.parse(call.end) + 15 * MINUTE_MS || Date.parse(call.start) >= start + 60 * MINUTE_MS;
              expect(clear).toBe(true);
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('starts on the hour or half-hour of the company’s clock, and each start is offered once', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const slots = freeSlots(input);
        expect(new Set(starts(slots)).size).toBe(slots.length);
        for (const slot of slots) {
          const minute = new Intl.DateTimeFormat('en-GB', { timeZone: LONDON, minute: '2-digit' }).format(
            new Date(slot.start),
          );
          expect(['00', '30', '0']).toContain(minute);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('is the same instant whatever zone the machine reading it runs in', () => {
    const zones = ['Pacific/Kiritimati', 'Etc/GMT+12', 'Asia/Kathmandu', 'UTC'];
    const before = process.env.TZ;
    try {
      fc.assert(
        fc.property(inputArb, (input) => {
          const answers = zones.map((zone) => {
            process.env.TZ = zone;
            return JSON.stringify(freeSlots(input));
          });
          expect(new Set(answers).size).toBe(1);
        }),
        { numRuns: 40 },
      );
    } finally {
      process.env.TZ = before;
    }
  });
});
