/**
 * Reading `PUT /api/office/availability`'s body (domain/bookingContract.ts): a failure becomes a 400 that names
 * the day or the date at fault, since "the field weekly is invalid" would leave the office guessing which.
 */
import { HOURS_RANGES_PER_DAY_MAX, DAYS_OFF_MAX, AvailabilityRequest } from '#domain/bookingContract';
import { WEEKDAYS } from '#domain/booking';
import { HttpError } from '../http/errors';
import { validate } from '../http/validate';

export const WEEKLY_TEXT = 'Please give the hours of each day of the week, Monday to Sunday.';
export const DAYS_OFF_TEXT = `Please give the days off as a list of dates (YYYY-MM-DD), at most ${DAYS_OFF_MAX}.`;

const dayName = (day: string) => day[0]!.toUpperCase() + day.slice(1);

export const dayMissingText = (day: string) => `Please give ${dayName(day)}'s hours: a list, empty for no hours.`;
export const tooManyRangesText = (day: string) =>
  `${dayName(day)} may have at most ${HOURS_RANGES_PER_DAY_MAX} ranges of hours.`;
export const timeText = (day: string) =>
  `${dayName(day)}'s hours must be times of day from 00:00 to 23:59, like 09:00.`;
export const rangesText = (day: string) =>
  `${dayName(day)}'s ranges must each end after they start, in order, without overlapping.`;
export const dateText = (date: string) => `${date} is not a date: please give each day off as a date that exists.`;

const isWeekday = (value: unknown): value is string => (WEEKDAYS as readonly unknown[]).includes(value);
const LOOKS_LIKE_A_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The message for a bad day's hours: what is wrong with the first failing part of that day. */
function dayText(day: string, rest: unknown[], value: unknown): string {
  if (rest.length > 0) return timeText(day);
  if (!Array.isArray(value)) return dayMissingText(day);
  return value.length > HOURS_RANGES_PER_DAY_MAX ? tooManyRangesText(day) : rangesText(day);
}

/** The body's hours; 400 with the day or date at fault. */
export function readAvailabilityRequest(body: unknown): AvailabilityRequest {
  const [error, request] = AvailabilityRequest.validate(body);
  if (!error) return request;
  const failure = error.failures()[0] ?? error;
  const [field, part, ...rest] = failure.path;
  if (field === 'weekly' && isWeekday(part)) throw new HttpError(400, dayText(part, rest, failure.value));
  if (field === 'daysOff' && typeof failure.value === 'string' && LOOKS_LIKE_A_DATE.test(failure.value)) {
    throw new HttpError(400, dateText(failure.value));
  }
  // Anything else (not an object, an unknown day, a list that is not one) in the house's words.
  return validate(AvailabilityRequest, body, { weekly: WEEKLY_TEXT, daysOff: DAYS_OFF_TEXT });
}
