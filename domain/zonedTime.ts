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

const DAY_MS = 24 * 60 * 60 * 1000;

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` value ('2026-11-23T15:00') on the zone's clock; '' for a bad ISO text. */
export function isoToZonedInput(iso: string, timeZone: string): string {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return '';
  const wall = wallTime(instant, timeZone);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** The zone's calendar date ('2026-11-23') at an instant. */
export function zonedDate(instant: number, timeZone: string): string {
  const wall = wallTime(instant, timeZone);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
}

/** The time of day on the zone's clock ('15:00') at an instant. */
export function zonedTimeOfDay(instant: number, timeZone: string): string {
  const wall = wallTime(instant, timeZone);
  return `${pad(wall.hour)}:${pad(wall.minute)}`;
}

/**
 * A date and time on the zone's clock ('2026-11-23', '15:00') as an instant in ms; null for a date that does not
 * exist or a time the clock skips (the hour lost in spring). A time the clock repeats (the hour given back in
 * autumn) names two instants: the first, as calendars take it.
 */
export function zonedToInstant(date: string, time: string, timeZone: string): number | null {
  const value = `${date}T${time}`;
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // Read with the offsets a day before and a day after: no zone changes its clock twice within two days. A
  // candidate is right when it reads back as the same date and time.
  const candidates = [asUtc - offsetAt(asUtc - DAY_MS, timeZone), asUtc - offsetAt(asUtc + DAY_MS, timeZone)];
  const valid = candidates.filter(
    (candidate) => isoToZonedInput(new Date(candidate).toISOString(), timeZone) === value,
  );
  return valid.length > 0 ? Math.min(...valid) : null;
}

/**
 * A `datetime-local` value read on the zone's clock, as an ISO instant; null when it is not a complete date and
 * time, or names a time the zone's clock skips (the hour lost when summer time starts).
 */
export function zonedInputToIso(value: string, timeZone: string): string | null {
  const [date = '', time = ''] = value.split('T');
  const instant = zonedToInstant(date, time, timeZone);
  return instant === null ? null : new Date(instant).toISOString();
}

/**
 * How people name a zone: "Toronto time" for "America/Toronto", "Buenos Aires time" for
 * "America/Argentina/Buenos_Aires". The `Etc/` zones have no city, and their names turn the offset's sign round
 * ("Etc/GMT+5" is five hours behind): they are said as the offset, "GMT-5", or "UTC". A name without a region
 * ("UTC") stays as it is.
 */
export function zoneLabel(timeZone: string): string {
  if (timeZone.startsWith('Etc/')) {
    const parts = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'shortOffset' }).formatToParts(0);
    const offset = parts.find((part) => part.type === 'timeZoneName')!.value;
    // ICU says "GMT+0" for the zones on UTC itself.
    return offset === 'GMT+0' ? 'UTC' : offset;
  }
  if (!timeZone.includes('/')) return timeZone;
  return `${timeZone.split('/').pop()!.replace(/_/g, ' ')} time`;
}
