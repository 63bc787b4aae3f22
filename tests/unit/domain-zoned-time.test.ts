/**
 * Wall-clock times in a named zone (domain/zonedTime.ts): the office's `datetime-local` input read on the
 * company's clock, and the dates and times the slot function reads. London changes its clock on 2026-10-25
 * (02:00 BST back to 01:00 GMT) and 2027-03-28 (01:00 GMT on to 02:00 BST). The other zones are a customer's
 * farthest from London (UTC+14, UTC−12) and one off the hour (+05:45).
 */
import { describe, expect, it } from 'vitest';
import {
  isoToZonedInput,
  zoneLabel,
  zonedDate,
  zonedInputToIso,
  zonedTimeOfDay,
  zonedToInstant,
} from '#domain/zonedTime';

const LONDON = 'Europe/London';

describe('an instant on a zone’s clock', () => {
  it.each([
    [LONDON, '2026-11-23T15:00'],
    ['Europe/Paris', '2026-11-23T16:00'],
    ['Pacific/Kiritimati', '2026-11-24T05:00'],
    ['Etc/GMT+12', '2026-11-23T03:00'],
    ['Asia/Kathmandu', '2026-11-23T20:45'],
  ])('reads 15:00 UTC in %s as %s', (zone, local) => {
    const instant = Date.parse('2026-11-23T15:00:00Z');
    expect(isoToZonedInput('2026-11-23T15:00:00Z', zone)).toBe(local);
    expect(`${zonedDate(instant, zone)}T${zonedTimeOfDay(instant, zone)}`).toBe(local);
  });

  it('is empty for a text that is no instant', () => {
    expect(isoToZonedInput('not a time', LONDON)).toBe('');
  });
});

describe('a date and time on a zone’s clock as an instant', () => {
  it.each([
    ['2026-11-23', '15:00', LONDON, '2026-11-23T15:00:00.000Z'],
    ['2026-06-10', '15:00', LONDON, '2026-06-10T14:00:00.000Z'],
    ['2026-11-24', '05:00', 'Pacific/Kiritimati', '2026-11-23T15:00:00.000Z'],
    ['2026-11-23', '20:45', 'Asia/Kathmandu', '2026-11-23T15:00:00.000Z'],
    ['2026-10-25', '01:30', LONDON, '2026-10-25T00:30:00.000Z'],
  ])('reads %s %s in %s as %s (a repeated time as its first instant)', (date, time, zone, iso) => {
    expect(zonedToInstant(date, time, zone)).toBe(Date.parse(iso));
    expect(zonedInputToIso(`${date}T${time}`, zone)).toBe(iso);
  });

  it.each([
    ['a time the spring change skips', '2027-03-28', '01:30'],
    ['a date that does not exist', '2026-02-30', '10:00'],
    ['a time past the day’s end', '2026-11-23', '24:00'],
    ['a time in words', '2026-11-23', '3pm'],
    ['a time of one digit', '2026-11-23', '9:00'],
    ['no time', '2026-11-23', ''],
  ])('is null for %s', (_, date, time) => {
    expect(zonedToInstant(date, time, LONDON)).toBe(null);
    expect(zonedInputToIso(`${date}T${time}`, LONDON)).toBe(null);
  });

  it('is null for an input that is not a date and a time', () => {
    for (const value of ['', '2026-11-23', 'T15:00', '2026-11-23 15:00'])
      expect(zonedInputToIso(value, LONDON)).toBe(null);
  });
});

describe('a zone’s name, as the booking page and the mails say it', () => {
  it.each([
    ['Europe/London', 'London time'],
    ['America/Argentina/Buenos_Aires', 'Buenos Aires time'],
    ['Asia/Kathmandu', 'Kathmandu time'],
    // The Etc zones' names turn the sign round: said as the offset they are.
    ['Etc/GMT+12', 'GMT-12'],
    ['Etc/GMT-14', 'GMT+14'],
    ['Etc/UTC', 'UTC'],
    ['Etc/GMT', 'UTC'],
    ['UTC', 'UTC'],
  ])('%s: %s', (zone, said) => {
    expect(zoneLabel(zone)).toBe(said);
  });
});
