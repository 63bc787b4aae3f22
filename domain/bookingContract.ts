/**
 * The booking's part of the wire contract (docs/decisions/0042-customers-book-their-call.md): office hours
 * (`/api/office/availability`) and an order's free slots (`/api/orders/<id>/slots`). Kept out of contract.ts,
 * which the landing page's first download carries.
 */
import { array, type Infer, object, pattern, refine, size, string, type } from 'superstruct';
import { WEEKDAYS } from './booking';

/** At most this many ranges of working time a day, and this many days off kept. */
export const HOURS_RANGES_PER_DAY_MAX = 4;
export const DAYS_OFF_MAX = 366;

const WallTime = pattern(string(), /^([01]\d|2[0-3]):[0-5]\d$/);
const LocalDate = refine(
  pattern(string(), /^\d{4}-\d{2}-\d{2}$/),
  'LocalDate',
  // Superstruct runs this refiner even when the pattern refused the value: text like '2026-1x-05' reads as no
  // date at all, which toISOString would throw on.
  (value) => {
    const day = Date.parse(`${value}T00:00Z`);
    return (!Number.isNaN(day) && new Date(day).toISOString().startsWith(value)) || 'must be a date that exists';
  },
);

/** A day's ranges: each starts before it ends, in order, none overlapping the next. */
const DayRanges = refine(
  size(array(object({ start: WallTime, end: WallTime })), 0, HOURS_RANGES_PER_DAY_MAX),
  'DayRanges',
  (ranges) =>
    ranges.every((range, index) => range.start < range.end && (index === 0 || ranges[index - 1]!.end <= range.start)) ||
    'each range must start before it ends, in order, without overlapping the next',
);

const Weekly = object(
  Object.fromEntries(WEEKDAYS.map((day) => [day, DayRanges])) as Record<(typeof WEEKDAYS)[number], typeof DayRanges>,
);

/** `PUT /api/office/availability[?member=<id>]`: an office member's weekly hours and days off, whole. */
export const AvailabilityRequest = object({
  weekly: Weekly,
  daysOff: size(array(LocalDate), 0, DAYS_OFF_MAX),
});
export type AvailabilityRequest = Infer<typeof AvailabilityRequest>;

/** What `GET` and `PUT /api/office/availability` answer: whose hours, read on which clock. */
export const AvailabilityResponse = type({
  memberId: string(),
  timeZone: string(),
  weekly: Weekly,
  daysOff: array(string()),
});
export type AvailabilityResponse = Infer<typeof AvailabilityResponse>;

/** A slot on the wire: ISO UTC instants, the call itself without its buffer. */
const SlotWire = type({ start: string(), end: string() });

/**
 * What `GET /api/orders/<id>/slots` answers: the times the order's call may be booked, earliest first, the clock
 * the page shows them on, and when the order's one-day promise ends.
 */
export const SlotsResponse = type({
  timeZone: string(),
  promiseEndsAt: string(),
  slots: array(SlotWire),
});
export type SlotsResponse = Infer<typeof SlotsResponse>;
