/**
 * The calendar file of a scheduled call (RFC 5545, made with the `ics` package), and the invitations that carry
 * it (iTIP, RFC 5546): the absolute start and end in UTC (DTSTART:…Z), so every calendar shows it at the right
 * local time whatever its zone; the call's length; the office as organizer and the customer as attendee. The UID
 * is the order's for the call's whole life, and SEQUENCE grows with every move and the cancel, so a calendar that
 * took the first invitation updates that event, or takes it out, instead of adding a second one
 * (docs/decisions/0042-customers-book-their-call.md).
 */
import { domainToASCII } from 'node:url';
import type { EventAttributes } from 'ics';
import { CALL_MINUTES_DEFAULT } from '#domain/booking';
import { company } from '#domain/company';
import { deliveryLabelFor } from '#domain/catalogue/delivery';
import type { CalendarMethod, MailCalendar } from '../mail/mailer';

/** A call as its calendar file states it. */
export interface CallEvent {
  invoiceId: string;
  title: string;
  type: string;
  /** ISO time of the call. */
  at: string;
  join: string;
  customer: { name: string; email: string } | null;
  /** 0 for the first time set, then one more for each move and for the cancel (orders.call_sequence). */
  sequence: number;
  publicUrl: string;
  /** How long the call lasts (CALL_MINUTES); the setting's default when not given. */
  minutes?: number;
  /** The organizer: the office's address (OFFICE_EMAIL); its default, the support address, when not given. */
  organizer?: string;
  /** DTSTAMP, when this file is made (the caller's clock): fresh on each send. Now when not given. */
  stamp?: Date;
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

/** The event's UID: the order's, the same for its call's whole life (booked, moved, cancelled, booked again). */
function callUid(invoiceId: string): string {
  return `order-${invoiceId}@${UID_DOMAIN}`;
}

/**
 * The method says what the file asks of the calendar that reads it:
 * - REQUEST: an invitation, as the booking and every move carry it (mail clients show Accept and Decline, and
 *   update the event on a later one with the same UID and a higher SEQUENCE);
 * - CANCEL: the event is off (STATUS:CANCELLED), and the calendar removes it;
 * - PUBLISH: a plain event, for the file the invoice page offers to download, which expects no reply.
 */
export async function callCalendar(event: CallEvent, method: CalendarMethod): Promise<string> {
  const { createEvent } = await (ics ??= import('ics'));
  const start = Date.parse(event.at);
  const cancelled = method === 'CANCEL';
  const invoices = `${event.publicUrl}/invoices`;
  // `timestamp` (DTSTAMP) is read by `ics` and checked by its schema, but missing from its types.
  const attributes: EventAttributes & { timestamp: number } = {
    productId: `-//${company.name}//Orders//EN`,
    method,
    uid: callUid(event.invoiceId),
    sequence: event.sequence,
    timestamp: (event.stamp ?? new Date()).getTime(),
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    // The end as an absolute time too (rather than a duration), so both ends read the same in any calendar.
    end: start + (event.minutes ?? CALL_MINUTES_DEFAULT) * 60 * 1000,
    endInputType: 'utc',
    endOutputType: 'utc',
    title: `${event.title} (${deliveryLabelFor(event.type)}) with ${company.name}`,
    description: cancelled
      ? `This call is cancelled. Your order waits for a new time: ${invoices}`
      : `How to join: ${event.join}\n\nYour invoices: ${invoices}`,
    location: event.join,
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
  };
  const { error, value } = createEvent(attributes);
  // Only a value out of its range makes `ics` fail (the time is checked before it gets here): a bug, not input.
  if (error || value === null)
    throw new Error(`could not make the calendar file of order ${event.invoiceId}`, { cause: error });
  const people = [organizerLine(event.organizer ?? company.supportEmail)];
  if (event.customer) people.push(attendeeLine(event.customer));
  return value.replace(/\r\nEND:VEVENT\r\n/, `\r\n${people.join('\r\n')}\r\nEND:VEVENT\r\n`);
}

/** The invitation a mail carries: the file, its name, and the method it was written with. */
export async function callInvitation(event: CallEvent, method: 'REQUEST' | 'CANCEL'): Promise<MailCalendar> {
  return { method, filename: calendarFileName(event.at), content: await callCalendar(event, method) };
}

/**
 * The office as the organizer, and the customer as the attendee, written here rather than by `ics`, whose address
 * check refuses addresses the site accepts (`ada@under_score.example`): then no invitation, and no scheduling
 * mail, reached them. Any address the site took is a valid mailto: URI once made one (calendarAddress); a name is
 * a quoted parameter.
 */
function organizerLine(email: string): string {
  return foldLine(`ORGANIZER;CN="${parameterText(company.name)}":mailto:${calendarAddress(email)}`);
}

function attendeeLine(customer: { name: string; email: string }): string {
  return foldLine(`ATTENDEE;RSVP=FALSE;CN="${parameterText(customer.name)}":mailto:${calendarAddress(customer.email)}`);
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
