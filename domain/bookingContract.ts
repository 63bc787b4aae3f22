/**
 * The booking's part of the wire contract (docs/decisions/0042-customers-book-their-call.md): office hours
 * (`/api/office/availability`), an order's free slots (`/api/orders/<id>/slots`), booking, moving and
 * cancelling its call (`/api/orders/<id>/booking[/cancel]`), and the same from a mail's link without signing in
 * (`/api/bookings/<token>[/move|/cancel]`). Kept out of contract.ts,
 * which the landing page's first download carries.
 */
import { array, boolean, enums, type Infer, nullable, object, pattern, refine, size, string, type } from 'superstruct';
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

/**
 * A call the member holds, as "My hours" lists it: its order, service, start and end (ISO, without the buffer),
 * its customer (null once the account is deleted), and whether the customer chose the time.
 */
const MemberCall = type({
  orderId: string(),
  title: string(),
  type: string(),
  start: string(),
  end: string(),
  customer: nullable(type({ name: string(), email: string() })),
  chosenByCustomer: boolean(),
});

/**
 * What `GET` and `PUT /api/office/availability` answer: whose hours, read on which clock, and the calls that member
 * holds that have not ended, earliest first.
 */
export const AvailabilityResponse = type({
  memberId: string(),
  timeZone: string(),
  weekly: Weekly,
  daysOff: array(string()),
  calls: array(MemberCall),
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

/** A time as the customer sends it: an ISO instant, at most this long (no megabyte of text reaches a parser). */
const ISO_INSTANT_MAX = 40;
const IANA_ZONE_MAX = 64;
const Instant = refine(size(string(), 1, ISO_INSTANT_MAX), 'Instant', (value) =>
  Number.isNaN(Date.parse(value)) ? 'must be a date and time' : true,
);

/**
 * `POST /api/orders/<id>/booking` and `POST /api/bookings/<token>/move`: the chosen start, and the customer's
 * IANA zone (from the browser), which only the mails' times and the office's view use.
 */
export const BookingRequest = object({ start: Instant, timeZone: size(string(), 1, IANA_ZONE_MAX) });
export type BookingRequest = Infer<typeof BookingRequest>;

/** A booked call as its customer sees it. */
const BookedCall = type({
  start: string(),
  end: string(),
  /** How to join: a meeting link, or the number to ring. */
  join: string(),
  /** The office member who holds it (their name), when one does. */
  with: nullable(string()),
  /** Until when the customer may move or cancel it (ISO); after, only the office does. */
  changeUntil: string(),
  /** Whether the customer chose the time (then a time after the one-day promise needs no reason). */
  chosenByCustomer: boolean(),
});

/**
 * What booking (201), moving (200) and cancelling (200) answer: the order's status now and its call (null once
 * cancelled).
 */
export const BookingResponse = type({ status: enums(['paid', 'scheduled']), call: nullable(BookedCall) });
export type BookingResponse = Infer<typeof BookingResponse>;

/**
 * What `GET /api/bookings/<token>` answers: the order's service, where its call stands, and the free slots to
 * move to (empty once past the cut-off, cancelled-and-ended, or held).
 * - `scheduled`: booked; `cancelled`: no time now (the customer cancelled; a new time may be chosen here);
 * - `ended`: held, delivered, or past: the link shows what it was and changes nothing.
 */
export const BookingPageResponse = type({
  service: type({ title: string(), type: string() }),
  state: enums(['scheduled', 'cancelled', 'ended']),
  call: nullable(BookedCall),
  timeZone: string(),
  promiseEndsAt: string(),
  slots: array(SlotWire),
});
export type BookingPageResponse = Infer<typeof BookingPageResponse>;
