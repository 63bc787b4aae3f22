/**
 * How an order's times read, on the office page and on the customer's invoice card: on the company's clock
 * (company.timeZone) with the zone's abbreviation, as the e-mails state them, so a call's time means the same
 * to the office, the customer and the calendar invitation.
 */
import { company } from '#domain/company';
import { zoneLabel } from '#domain/zonedTime';

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: company.timeZone,
  timeZoneName: 'short',
});
const dayFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: company.timeZone });

/** "London time" for "Europe/London": how people name the zone. */
export const COMPANY_ZONE_LABEL = zoneLabel(company.timeZone);

/** "23 Nov 2026, 15:00 GMT". */
export function formatOrderTime(iso: string): string {
  return timeFormat.format(new Date(iso));
}

/** "23 Nov 2026". */
export function formatOrderDay(iso: string): string {
  return dayFormat.format(new Date(iso));
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "2 d 3 h", "5 h 12 min", "40 min", "under 1 min": a span of time, to the minute. */
export function formatSpan(ms: number): string {
  const span = Math.abs(ms);
  if (span < MINUTE) return 'under 1 min';
  const days = Math.floor(span / DAY);
  const hours = Math.floor((span % DAY) / HOUR);
  const minutes = Math.floor((span % HOUR) / MINUTE);
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  return `${minutes} min`;
}
