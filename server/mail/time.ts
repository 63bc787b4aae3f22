/**
 * Times as the office and the customers read them: in the company's time zone (`company.timeZone`), with the
 * zone's abbreviation (GMT or BST in London), because a call's time must mean the same to both sides. The
 * calendar invitation carries the absolute time in UTC; the text says it the way people do.
 */
import { company } from '#domain/company';
import { zoneLabel } from '#domain/zonedTime';

const DAY_PARTS: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' };
const TIME_PARTS: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const dayFormat = new Intl.DateTimeFormat('en-GB', { ...DAY_PARTS, timeZone: company.timeZone });
const timeFormat = new Intl.DateTimeFormat('en-GB', {
  ...TIME_PARTS,
  timeZone: company.timeZone,
  timeZoneName: 'short',
});

/** "London time" for "Europe/London": how people name the zone, as the site does. */
const COMPANY_ZONE_LABEL = zoneLabel(company.timeZone);

/**
 * "Wednesday, 10 June 2026 at 14:00 BST (London time)": every moment a mail or notice states (a call, a
 * deadline, a security change), so that no text says UTC and another London time.
 */
export function formatCompanyTime(at: Date): string {
  return `${dayFormat.format(at)} at ${timeFormat.format(at)} (${COMPANY_ZONE_LABEL})`;
}

/** A call's time, said as every other time is. */
export function formatCallTime(at: Date): string {
  return formatCompanyTime(at);
}

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: company.timeZone,
});

/** "10 June 2026": a date without its weekday (a deletion day, a payment day), on the company's calendar. */
export function formatCompanyDate(at: Date): string {
  return dateFormat.format(at);
}

/** "Wednesday, 10 June 2026": the day in the company's time zone. */
export function formatCompanyDay(at: Date): string {
  return dayFormat.format(at);
}

/**
 * Whether a call's time is said on a second clock: a zone this runtime knows (a browser's may be newer) that is not
 * the company's under another name ("GB"). Compared as the runtime names them; said as the customer's browser did
 * (ICU still calls Asia/Kathmandu "Asia/Katmandu").
 */
function isOtherZone(zone: string | null): zone is string {
  if (!zone) return false;
  try {
    return (
      new Intl.DateTimeFormat('en-GB', { timeZone: zone }).resolvedOptions().timeZone !==
      dayFormat.resolvedOptions().timeZone
    );
  } catch {
    return false;
  }
}

/**
 * A booked call's time on both clocks (docs/product.md#booking): "Wednesday, 10 June 2026 at 14:00 BST (London
 * time) — 22:00 Tokyo time", the customer's day named too when it is not London's ("— Thursday, 11 June 2026
 * at 03:00 Kiritimati time"). The zone is named as the booking page names it. Said once when the customer's zone
 * is the company's, or is not known.
 */
export function formatCallTimes(at: Date, customerZone: string | null): string {
  const london = formatCallTime(at);
  if (!isOtherZone(customerZone)) return london;
  const day = new Intl.DateTimeFormat('en-GB', { ...DAY_PARTS, timeZone: customerZone }).format(at);
  const time = new Intl.DateTimeFormat('en-GB', { ...TIME_PARTS, timeZone: customerZone }).format(at);
  return `${london} — ${day === dayFormat.format(at) ? time : `${day} at ${time}`} ${zoneLabel(customerZone)}`;
}
