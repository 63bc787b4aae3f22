/**
 * The calendar file of a scheduled call (RFC 5545, made with the `ics` package): the absolute start in UTC
 * (DTSTART:…Z), so every calendar shows it at the right local time whatever its zone, one hour long, the
 * company as organizer and the customer as attendee. The UID is the order's, and SEQUENCE grows with every
 * move, so a calendar that took the first invitation updates that event instead of adding a second one.
 */
import { domainToASCII } from 'node:url';
import { company } from '#domain/company';
import { deliveryLabelFor } from '#domain/catalogue/delivery';

/** The catalogue gives no length for a call; an hour is what the company books. */
const CALL_DURATION_MINUTES = 60;

/**
 * REQUEST: an invitation, as the scheduling e-mail carries it (mail clients show Accept and Decline and
 * update the event on a later one). PUBLISH: a plain event, for the file the invoice page offers to download,
 * which is no invitation and expects no reply.
 */
export type CalendarMethod = 'REQUEST' | 'PUBLISH';

export interface CallEvent {
  invoiceId: string;
  title: string;
  type: string;
  /** ISO time of the call. */
  at: string;
  join: string;
  customer: { name: string; email: string } | null;
  /** 0 for the first time set, then one more for each move. */
  sequence: number;
  publicUrl: string;
}

/** A name as a quoted parameter (CN="…"), which may hold neither a double quote nor a control character. */
function parameterText(name: string): string {
  return name.replace(/["\p{Cc}]/gu, ' ').trim();
}

/**
 * An address as a calendar's mailto: URI may carry it (RFC 6068): a local part beyond ASCII percent-encoded as
 * UTF-8, a domain beyond ASCII in its IDNA form. `josé@exämple.com` → `jos%C3%A9@xn--exmple-cua.com`; an ASCII
 * address is unchanged. (`ics` refuses the raw form, and a calendar could not read it.)
 */
function calendarAddress(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at).replace(/[^\x21-\x7e]+/g, (text) => encodeURIComponent(text));
  return `${local}@${domainToASCII(email.slice(at + 1)) || email.slice(at + 1)}`;
}

/** The host part of the UIDs: the company's mail domain, so they are unique to us. */
const UID_DOMAIN = company.supportEmail.split('@')[1]!;

/** Loaded on the first call: most processes never make a calendar file (docs/performance.md). */
let ics: Promise<typeof import('ics')> | undefined;

export async function callCalendar(event: CallEvent, method: CalendarMethod): Promise<string> {
  const { createEvent } = await (ics ??= import('ics'));
  const { error, value } = createEvent({
    productId: `-//${company.name}//Orders//EN`,
    method,
    uid: `order-${event.invoiceId}@${UID_DOMAIN}`,
    sequence: event.sequence,
    start: Date.parse(event.at),
    startInputType: 'utc',
    startOutputType: 'utc',
    // The end as an absolute time too (rather than a duration), so both ends read the same in any calendar.
    end: Date.parse(event.at) + CALL_DURATION_MINUTES * 60 * 1000,
    endInputType: 'utc',
    endOutputType: 'utc',
    title: `${event.title} (${deliveryLabelFor(event.type)}) with ${company.name}`,
    description: `How to join: ${event.join}\n\nYour invoices: ${event.publicUrl}/invoices`,
    location: event.join,
    status: 'CONFIRMED',
    organizer: { name: company.name, email: company.supportEmail },
  });
  // Only a value out of its range makes `ics` fail (the time is checked before it gets here): a bug, not input.
  if (error || value === null)
    throw new Error(`could not make the calendar file of order ${event.invoiceId}`, { cause: error });
  return event.customer ? withAttendee(value, event.customer) : value;
}

/**
 * The customer as the event's attendee, written here rather than by `ics`, whose address check refuses addresses
 * the site accepts (`ada@under_score.example`): then no invitation, and no scheduling mail, reached them. Any
 * address the site took is a valid mailto: URI once made one (calendarAddress); the name is a quoted parameter.
 */
function attendeeLine(customer: { name: string; email: string }): string {
  return foldLine(`ATTENDEE;RSVP=FALSE;CN="${parameterText(customer.name)}":mailto:${calendarAddress(customer.email)}`);
}

function withAttendee(calendar: string, customer: { name: string; email: string }): string {
  return calendar.replace(/\r\nEND:VEVENT\r\n/, `\r\n${attendeeLine(customer)}\r\nEND:VEVENT\r\n`);
}

/** RFC 5545 §3.1: a content line is at most 75 octets; longer ones go on with CRLF and a space, never inside a character. */
function foldLine(line: string): string {
  const parts: string[] = [];
  let part = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character);
    // The first line may hold 75 octets; each following one 74 after its leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(part);
      part = '';
      octets = 0;
    }
    part += character;
    octets += size;
  }
  parts.push(part);
  return parts.join('\r\n ');
}

/** "northgate-call-2026-06-10.ics". */
export function calendarFileName(at: string): string {
  return `${company.shortName.toLowerCase()}-call-${at.slice(0, 10)}.ics`;
}
