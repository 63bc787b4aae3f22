/**
 * Times as the office and the customers read them: in the company's time zone (`company.timeZone`), with the
 * zone's abbreviation (GMT or BST in London), because a call's time must mean the same to both sides. The
 * calendar invitation carries the absolute time in UTC; the text says it the way people do.
 */
import { company } from '#domain/company';

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: company.timeZone,
});
const timeFormat = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: company.timeZone,
  timeZoneName: 'short',
});

/** "London" for "Europe/London": how people name the zone. */
const COMPANY_ZONE_CITY = company.timeZone.split('/').pop()!.replace(/_/g, ' ');

/**
 * "Wednesday, 10 June 2026 at 14:00 BST (London time)": every moment a mail or notice states (a call, a
 * deadline, a security change), so that no text says UTC and another London time.
 */
export function formatCompanyTime(at: Date): string {
  return `${dayFormat.format(at)} at ${timeFormat.format(at)} (${COMPANY_ZONE_CITY} time)`;
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
