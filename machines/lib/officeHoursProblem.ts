/**
 * The first thing the wire contract refuses in an office member's hours, said for a person and tied to the
 * field it is about, so the page can show it beside that field (docs/decisions/0042-customers-book-their-call.md).
 * The server checks the same struct, so hours the page lets through are hours it takes.
 */
import { validate } from 'superstruct';
import { WEEKDAYS } from '#domain/booking';
import { AvailabilityRequest } from '#domain/bookingContract';

export interface HoursProblem {
  /**
   * What it is about: `monday-0-start` (a time of a range, counted from 0), `monday` (a day's ranges together)
   * or `daysOff`.
   */
  field: string;
  message: string;
}

/** "Monday" for 'monday'. */
export function dayLabel(day: string): string {
  return day.charAt(0).toUpperCase() + day.slice(1);
}

export function hoursProblem(hours: AvailabilityRequest): HoursProblem | null {
  const [error] = validate(hours, AvailabilityRequest);
  if (!error) return null;
  // The error's own message starts with the path; the failure's is the rule alone.
  const failure = error.failures()[0] ?? error;
  const [part, day, index, edge] = failure.path as [string, string?, number?, string?];
  if (part === 'weekly' && day !== undefined && (WEEKDAYS as readonly string[]).includes(day)) {
    if (index !== undefined && (edge === 'start' || edge === 'end')) {
      return {
        field: `${day}-${index}-${edge}`,
        message: `${dayLabel(day)}, range ${index + 1}: give the ${edge} time as hours and minutes.`,
      };
    }
    return { field: day, message: `${dayLabel(day)}: ${failure.message}.` };
  }
  if (part === 'daysOff')
    return { field: 'daysOff', message: `Days off: ${String(failure.value)} ${failure.message}.` };
  return { field: part, message: failure.message };
}
