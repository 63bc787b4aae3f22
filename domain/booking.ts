/**
 * Customers book their own call (docs/decisions/0042-customers-book-their-call.md): the settings' defaults and
 * the shapes of office hours, shared by the slot function, the server and the pages.
 */

/** How long a call lasts, and the pause after each before the same office member's next one. */
export const CALL_MINUTES_DEFAULT = 45;
export const CALL_BUFFER_MINUTES_DEFAULT = 15;
/** The first slot offered starts this long after now; the last within this many days. */
export const BOOKING_NOTICE_MINUTES_DEFAULT = 120;
export const BOOKING_HORIZON_DAYS_DEFAULT = 14;
/** A customer moves or cancels a booked call until this long before it; after, only the office does. */
export const BOOKING_CHANGE_CUTOFF_MINUTES_DEFAULT = 120;
/** The customer's reminder goes this long before the call. */
export const CALL_REMINDER_MINUTES_DEFAULT = 60;
/** Slots start on the hour and the half-hour of the company's clock. */
export const SLOT_STEP_MINUTES = 30;

/** Monday first, as the office's week runs. */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
type Weekday = (typeof WEEKDAYS)[number];

/** A range of working time within one day on the company's clock: '09:00' to '17:00', start before end. */
export interface HoursRange {
  start: string;
  end: string;
}

/**
 * One office member's hours, as wall-clock data: the ranges of each weekday, and the local dates they are off.
 * Never UTC times of day: the same '09:00' is a different UTC hour in summer and in winter.
 */
export interface OfficeHours {
  memberId: string;
  weekly: Record<Weekday, HoursRange[]>;
  daysOff: string[];
}

/** A booked call of an office member: UTC instants (ISO), the call itself without its buffer. */
export interface BookedCall {
  memberId: string;
  start: string;
  end: string;
}

export interface SlotSettings {
  /** The company's IANA time zone, whose clock the hours are read on. */
  timeZone: string;
  callMinutes: number;
  bufferMinutes: number;
  noticeMinutes: number;
  horizonDays: number;
}

/** A time a customer may book: ISO UTC instants. */
export interface Slot {
  start: string;
  end: string;
}

/** The server's 409 when the chosen time is no longer free; the page then offers fresh slots. */
export const SLOT_TAKEN_TEXT = 'Sorry, that time was taken a moment ago. Please choose another time.';

/** A count with its unit, singular for one: "1 hour", "2 hours". */
const countOf = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** The server's 409 past the cut-off, and what the card and the link's page say then. */
export function pastCutoffText(cutoffMinutes: number, officeEmail: string): string {
  const before = cutoffMinutes % 60 === 0 ? countOf(cutoffMinutes / 60, 'hour') : countOf(cutoffMinutes, 'minute');
  return `Your call is less than ${before} away, so it can no longer be changed here. To move or cancel it, please contact us at ${officeEmail}.`;
}
