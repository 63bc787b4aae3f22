/**
 * The first thing the wire contract refuses in an office member's hours, said for a person and tied to the
 * field it is about, so the page can show it beside that field (docs/decisions/0042-customers-book-their-call.md).
 * The server checks the same struct, so hours the page lets through are hours it takes.
 */
import { validate } from 'superstruct';
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
  const [part, key, index, edge] = failure.path as [string, string | number | undefined, number?, string?];
  if (part === 'weekly' && typeof key === 'string') {
    if (index !== undefined && (edge === 'start' || edge === 'end')) {
      return {
        field: `${key}-${index}-${edge}`,
        message: `${dayLabel(key)}, range ${index + 1}: give the ${edge} time as hours and minutes.`,
      };
    }
    return { field: key, message: `${dayLabel(key)}: ${failure.message}.` };
  }
  // One date that does not exist is named; anything else (a list too long) is said as the struct says it.
  if (part === 'daysOff' && typeof key === 'number') {
    return { field: part, message: `Days off: ${String(failure.value)} ${failure.message}.` };
  }
  return { field: part, message: failure.message };
}
