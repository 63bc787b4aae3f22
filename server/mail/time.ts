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
export const COMPANY_ZONE_CITY = company.timeZone.split('/').pop()!.replace(/_/g, ' ');

/** "Wednesday, 10 June 2026 at 14:00 BST (London time)". */
export function formatCallTime(at: Date): string {
  return `${dayFormat.format(at)} at ${timeFormat.format(at)} (${COMPANY_ZONE_CITY} time)`;
}

/** "Wednesday, 10 June 2026": the day in the company's time zone. */
export function formatCompanyDay(at: Date): string {
  return dayFormat.format(at);
}
