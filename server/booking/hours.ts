/**
 * An office member's hours between the wire and the row (docs/decisions/0042-customers-book-their-call.md):
 * JSON text of wall-clock ranges and local dates, read on the company's clock.
 */
import { type HoursRange, type OfficeHours, WEEKDAYS } from '#domain/booking';
import { zonedDate } from '#domain/zonedTime';
import type { HoursRow } from './repository';

type Weekly = OfficeHours['weekly'];

/** No row yet: no working time on any day, and no days off. */
function emptyWeekly(): Weekly {
  return Object.fromEntries(WEEKDAYS.map((day) => [day, [] as HoursRange[]])) as Weekly;
}

/** The hours a row holds; a member without a row (or joined to none: null columns) has none. */
export function hoursOf(
  memberId: string,
  row: { weekly: string | null; days_off: string | null } | undefined,
): OfficeHours {
  if (!row || row.weekly === null || row.days_off === null) return { memberId, weekly: emptyWeekly(), daysOff: [] };
  // The stored ranges were checked against the contract when they were written.
  const stored = JSON.parse(row.weekly) as Partial<Weekly>;
  const weekly = Object.fromEntries(WEEKDAYS.map((day) => [day, stored[day] ?? []])) as Weekly;
  return { memberId, weekly, daysOff: JSON.parse(row.days_off) as string[] };
}

/**
 * The days off worth keeping, sorted and each once: a day before today on the company's clock can no longer
 * take a call, so it is dropped when the hours are saved.
 */
export function keptDaysOff(daysOff: string[], now: Date, timeZone: string): string[] {
  const today = zonedDate(now.getTime(), timeZone);
  return [...new Set(daysOff)].filter((date) => date >= today).sort();
}

/** The row that stores these hours. */
export function rowOf(hours: OfficeHours): HoursRow {
  return { member_id: hours.memberId, weekly: JSON.stringify(hours.weekly), days_off: JSON.stringify(hours.daysOff) };
}
