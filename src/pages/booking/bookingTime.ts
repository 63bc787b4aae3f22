/**
 * How the booking pages say a time (docs/decisions/0042-customers-book-their-call.md): on the customer's own
 * clock first, with the company's beside it when the two read differently, as the booking mails state it.
 */
import { company } from '#domain/company';
import { COMPANY_ZONE_LABEL, formatOrderTime } from '#src/common/orderTime';

const formats = new Map<string, Intl.DateTimeFormat>();

function format(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let made = formats.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat('en-GB', { ...options, timeZone });
    formats.set(key, made);
  }
  return made;
}

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const DATE: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' };

/** The customer's zone as the browser reports it; UTC when it reports none. */
export function viewerZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** "19:45" on the zone's clock. */
export function timeIn(iso: string, timeZone: string): string {
  return format(timeZone, TIME).format(new Date(iso));
}

/** "Monday 23 November 2026, 19:45" on the zone's clock. */
export function whenIn(iso: string, timeZone: string): string {
  return format(timeZone, { ...DATE, ...TIME })
    .format(new Date(iso))
    .replace(' at ', ', ');
}

/** A day of the picker ('2026-11-23', already on the customer's clock): "Mon 23 Nov", and "Monday 23 November". */
export function dayLabel(day: string, long = false): string {
  const options: Intl.DateTimeFormatOptions = long
    ? { weekday: 'long', day: 'numeric', month: 'long' }
    : { weekday: 'short', day: 'numeric', month: 'short' };
  return format('UTC', options).format(new Date(`${day}T12:00:00Z`));
}

/** Whether the two clocks read the same at that instant: then the company's is not repeated. */
export function sameClock(iso: string, viewer: string, company: string): boolean {
  return whenIn(iso, viewer) === whenIn(iso, company);
}

/**
 * A call's time as the card and the link's page state it: "Monday 23 November 2026, 19:45 your time (14:00
 * London time)", or once when the clocks agree.
 */
export function callTime(iso: string, viewer: string, company: string): { mine: string; theirs: string | null } {
  if (sameClock(iso, viewer, company)) return { mine: `${whenIn(iso, company)} ${COMPANY_ZONE_LABEL}`, theirs: null };
  const theirs = sameDay(iso, viewer, company) ? timeIn(iso, company) : whenIn(iso, company);
  return { mine: `${whenIn(iso, viewer)} your time`, theirs: `${theirs} ${COMPANY_ZONE_LABEL}` };
}

function sameDay(iso: string, a: string, b: string): boolean {
  return format(a, DATE).format(new Date(iso)) === format(b, DATE).format(new Date(iso));
}

/**
 * A booked call's time as the card and the link's page state it: on the company's clock first, as the mails and
 * the office state it ("Scheduled for 1 Dec 2026, 15:00 GMT (London time)"), then on the customer's own when it
 * reads differently ("That is 1 Dec 2026, 20:45 your time.").
 */
export function scheduledLines(iso: string, viewer: string): { company: string; mine: string | null } {
  const mine = sameClock(iso, viewer, company.timeZone)
    ? null
    : `That is ${format(viewer, SHORT).format(new Date(iso))} your time.`;
  return { company: `Scheduled for ${formatOrderTime(iso)} (${COMPANY_ZONE_LABEL})`, mine };
}

const SHORT: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', ...TIME };
