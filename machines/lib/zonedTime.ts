/**
 * Wall-clock times in a named time zone, for the office's `datetime-local` input: the input has no zone, and the
 * office types the call's time as the company states it to customers (company.timeZone), wherever the office
 * member's own computer is. Only ECMAScript's Intl is used, so the machines stay free of host APIs.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallTime(instant: number, timeZone: string): WallTime {
  const parts = Object.fromEntries(
    formatIn(timeZone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** How far the zone's clock is ahead of UTC at this instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const wall = wallTime(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

const HOUR_MS = 60 * 60 * 1000;

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` value ('2026-11-23T15:00') on the zone's clock; '' for a bad ISO text. */
export function isoToZonedInput(iso: string, timeZone: string): string {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return '';
  const wall = wallTime(instant, timeZone);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/**
 * A `datetime-local` value read on the zone's clock, as an ISO instant; null when it is not a complete date and
 * time, or names a time the zone's clock skips (the hour lost when summer time starts).
 */
export function zonedInputToIso(value: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // The offset at the guess, then at the instant it gives: the second is right unless the clock changed between.
  let instant = asUtc - offsetAt(asUtc, timeZone);
  instant = asUtc - offsetAt(instant, timeZone);
  const reads = (candidate: number) => isoToZonedInput(new Date(candidate).toISOString(), timeZone) === value;
  // Read back: a day that does not exist (31 February) or a skipped hour comes out as another wall time.
  if (!reads(instant)) return null;
  // The hour the clock repeats in autumn names two instants: the first one, as calendars take it.
  return new Date(reads(instant - HOUR_MS) ? instant - HOUR_MS : instant).toISOString();
}
