/**
 * The calendar of a booked call through its life (docs/decisions/0042-customers-book-their-call.md): booked,
 * moved, cancelled. Each file is compared with its golden copy (tests/server/golden/, DTSTAMP aside, as it is
 * fresh on each send), read back with a real parser (ical.js), and sent as the mail queue sends it: the MIME part's
 * `method=` must be the METHOD of the body it carries.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ICAL from 'ical.js';
import { afterAll, describe, expect, it } from 'vitest';
import { callBookedMail, callCancelledMail } from '#server/mail/booking-messages';
import { type MailCalendar, type MailMessage, calendarMethodOf, createSmtpMailer } from '#server/mail/mailer';
import { enqueueMail, loadMail } from '#server/mail/queue';
import { type CallEvent, callCalendar, callInvitation } from '#server/orders/calendar';
import { MINUTE, cleanup, createTestServer } from './helpers';
import { type ReceivedMail, settle, startMailCatcher } from './mail-helpers';

const smtp = await startMailCatcher();
const { db, clock } = await createTestServer();
const mailer = createSmtpMailer(smtp.url, clock);
afterAll(async () => {
  await settle();
  mailer.close();
  await smtp.close();
  await cleanup();
});

const OFFICE = 'calls@northgate.test';
/** A plus and an underscore: an address a calendar must name exactly as the site stores it. */
const CUSTOMER = { name: "Ada O'Neill", email: 'ada+calls@under_score.example' };
const JOIN = 'https://meet.example.com/northgate-ada';
const PUBLIC_URL = 'https://northgate.example';

/** One order's call, at `at`, as the booking service describes it; `stamp` absent: the file is made now. */
function callEvent(at: string, sequence: number, extra: Partial<CallEvent> = {}): CallEvent {
  return {
    invoiceId: 'inv_01JDQ7B0R4M9',
    title: 'Website Development Consultation',
    type: 'Video Meeting',
    at,
    join: JOIN,
    customer: CUSTOMER,
    sequence,
    publicUrl: PUBLIC_URL,
    minutes: 45,
    organizer: OFFICE,
    ...extra,
  };
}

/**
 * Booked in British summer time, moved past the clock change of 25 October 2026 into winter time: both times are
 * absolute (…Z), so a calendar anywhere shows each at 10:00 London time. Then cancelled.
 */
const LIFE = [
  { golden: 'call-booked', method: 'REQUEST', at: '2026-10-23T09:00:00.000Z', sequence: 0, status: 'CONFIRMED' },
  { golden: 'call-moved', method: 'REQUEST', at: '2026-10-27T10:00:00.000Z', sequence: 1, status: 'CONFIRMED' },
  { golden: 'call-cancelled', method: 'CANCEL', at: '2026-10-27T10:00:00.000Z', sequence: 2, status: 'CANCELLED' },
] as const;

const files = await Promise.all(LIFE.map((step) => callCalendar(callEvent(step.at, step.sequence), step.method)));

const golden = (name: string) =>
  readFileSync(join(import.meta.dirname, 'golden', `${name}.ics`), 'utf8').replaceAll('\r\n', '\n');
/** The file as its golden copy holds it: DTSTAMP (now) set aside, line ends as git keeps them. */
const stampless = (content: string) =>
  content.replace(/^DTSTAMP:\d{8}T\d{6}Z\r$/m, 'DTSTAMP:(fresh)\r').replaceAll('\r\n', '\n');

function read(content: string) {
  const calendar = new ICAL.Component(ICAL.parse(content));
  const event = calendar.getFirstSubcomponent('vevent')!;
  const time = (name: string) => event.getFirstPropertyValue(name) as ICAL.Time;
  return { calendar, event, time };
}

describe('the calendar of a booked call', () => {
  it.each(LIFE.map((step, index) => ({ ...step, content: files[index]! })))(
    '$golden is its golden file (DTSTAMP aside), in CRLF lines of at most 75 octets',
    ({ golden: name, content }) => {
      expect(stampless(content)).toBe(golden(name));
      expect(content.endsWith('\r\n')).toBe(true);
      const lines = content.split('\r\n');
      expect(lines.every((line) => !line.includes('\n') && Buffer.byteLength(line) <= 75)).toBe(true);
    },
  );

  it('reads back: one UID, SEQUENCE 0, 1, 2, REQUEST twice then CANCEL with STATUS:CANCELLED', () => {
    const all = files.map(read);
    expect(all.map(({ calendar }) => calendar.getFirstPropertyValue('method'))).toEqual(LIFE.map((s) => s.method));
    expect(all.map(({ event }) => event.getFirstPropertyValue('status'))).toEqual(LIFE.map((s) => s.status));
    const uids = new Set(all.map(({ event }) => event.getFirstPropertyValue('uid')));
    expect([...uids]).toEqual(['order-inv_01JDQ7B0R4M9@northgate-consulting.example']);
    expect(all.map(({ event }) => new ICAL.Event(event).sequence)).toEqual([0, 1, 2]);
  });

  it("starts and ends in UTC, as long as the call lasts; the office organizes, the customer's exact address attends", () => {
    files.forEach((content, index) => {
      const { event, time } = read(content);
      for (const name of ['dtstart', 'dtend']) expect(time(name).zone?.tzid).toBe('UTC');
      expect(time('dtstart').toJSDate().toISOString()).toBe(LIFE[index]!.at);
      expect(time('dtend').toJSDate().getTime() - Date.parse(LIFE[index]!.at)).toBe(45 * MINUTE);
      expect(event.getFirstPropertyValue('organizer')).toBe(`mailto:${OFFICE}`);
      expect(event.getAllProperties('attendee').map((attendee) => attendee.getFirstValue())).toEqual([
        `mailto:${CUSTOMER.email}`,
      ]);
      expect(event.getFirstProperty('attendee')!.getParameter('cn')).toBe(CUSTOMER.name);
    });
  });

  it("takes the call's length and DTSTAMP from its caller, and stamps a file made without one now", async () => {
    const stamp = new Date('2026-10-20T08:15:00.000Z');
    const short = read(await callCalendar(callEvent(LIFE[0].at, 0, { minutes: 30, stamp }), 'REQUEST'));
    expect(short.time('dtend').toJSDate().toISOString()).toBe('2026-10-23T09:30:00.000Z');
    expect(short.time('dtstamp').toJSDate().toISOString()).toBe(stamp.toISOString());
    const before = Date.now() - (Date.now() % 1000);
    const fresh = read(await callCalendar(callEvent(LIFE[0].at, 0), 'REQUEST'))
      .time('dtstamp')
      .toJSDate();
    expect(fresh.getTime()).toBeGreaterThanOrEqual(before);
    expect(fresh.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('is a plain PUBLISH file for the download: confirmed, and without an attendee when none is given', async () => {
    const { calendar, event } = read(await callCalendar(callEvent(LIFE[0].at, 3, { customer: null }), 'PUBLISH'));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(event.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(event.getAllProperties('attendee')).toEqual([]);
  });
});

describe('the invitation a mail carries', () => {
  /** Queues the message, reads it back from the queue, and sends it as the queue's sender does. */
  async function throughTheQueue(message: MailMessage): Promise<{ queued: MailMessage; received: ReceivedMail }> {
    const id = await enqueueMail(db, message, { kind: 'booking calendar test', now: clock.now() });
    const queued = (await loadMail(db, id))!.message;
    const count = smtp.to(message.to).length;
    await mailer.send(queued);
    return { queued, received: await smtp.waitFor(message.to, count + 1) };
  }

  /** The text/calendar alternative: its MIME method, and the METHOD of the body it carries. */
  function invitationIn(mail: ReceivedMail) {
    const part = mail.parts.find((candidate) => candidate.type === 'text/calendar');
    expect(part, 'a text/calendar part').toBeDefined();
    const attachment = mail.parts.find((candidate) => candidate.type === 'application/ics')!;
    expect(part!.text.trimEnd()).toBe(attachment.text.trimEnd());
    return {
      mime: part!.typeParameters.method,
      charset: part!.typeParameters.charset?.toUpperCase(),
      body: new ICAL.Component(ICAL.parse(attachment.text)).getFirstPropertyValue('method'),
    };
  }

  const facts = (at: string) => ({
    // The catcher refuses the underscore the calendar must keep: the mail goes to an address it takes.
    to: 'ada.oneill@example.com',
    name: CUSTOMER.name,
    title: 'Website Development Consultation',
    type: 'Video Meeting',
    start: new Date(at),
    customerZone: 'America/New_York',
    bookingUrl: `${PUBLIC_URL}/booking/token`,
    publicUrl: PUBLIC_URL,
  });

  it('booked, moved, cancelled: each mail as queued says in its MIME part the METHOD its body says', async () => {
    const invitations = await Promise.all(
      LIFE.map((step) => callInvitation(callEvent(step.at, step.sequence), step.method)),
    );
    const booked = (at: string, moved: boolean, calendar: MailCalendar) =>
      callBookedMail({
        ...facts(at),
        end: new Date(Date.parse(at) + 45 * MINUTE),
        join: JOIN,
        with: 'Grace Hopper',
        changeUntil: new Date(Date.parse(at) - 120 * MINUTE),
        moved,
        calendar,
      });
    const messages = [
      booked(LIFE[0].at, false, invitations[0]!),
      booked(LIFE[1].at, true, invitations[1]!),
      callCancelledMail({ ...facts(LIFE[2].at), calendar: invitations[2]! }),
    ];
    for (const [index, message] of messages.entries()) {
      const { queued, received } = await throughTheQueue(message);
      expect(stampless(queued.calendar!.content)).toBe(golden(LIFE[index]!.golden));
      expect(queued.calendar!.filename).toBe('northgate-call-2026-10-2' + (index === 0 ? '3' : '7') + '.ics');
      expect(invitationIn(received)).toEqual({
        mime: LIFE[index]!.method,
        charset: 'UTF-8',
        body: LIFE[index]!.method,
      });
    }
  });

  it('the MIME method is read from the body, whatever method the message names', async () => {
    const cancel = await callCalendar(callEvent(LIFE[2].at, 2), 'CANCEL');
    const mislabelled = callCancelledMail({
      ...facts(LIFE[2].at),
      calendar: { method: 'REQUEST', filename: 'call.ics', content: cancel },
    });
    expect(invitationIn((await throughTheQueue(mislabelled)).received)).toMatchObject({
      mime: 'CANCEL',
      body: 'CANCEL',
    });
    expect(calendarMethodOf(cancel)).toBe('CANCEL');
    expect(calendarMethodOf('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n')).toBe('PUBLISH');
  });

  it('reads the METHOD line wherever it stands, in any case, with either line ending', () => {
    expect(calendarMethodOf('BEGIN:VCALENDAR\nMETHOD:request\nEND:VCALENDAR\n')).toBe('REQUEST');
    expect(calendarMethodOf('BEGIN:VCALENDAR\r\nMETHOD: Cancel \r\nEND:VCALENDAR\r\n')).toBe('CANCEL');
    expect(calendarMethodOf('METHOD:REQUEST')).toBe('REQUEST');
    // Only a line of its own: a property whose name ends in METHOD is another property.
    expect(calendarMethodOf('BEGIN:VCALENDAR\r\nX-METHOD:CANCEL\r\nEND:VCALENDAR\r\n')).toBe('PUBLISH');
    expect(calendarMethodOf('BEGIN:VCALENDAR\r\nMETHOD:\r\nEND:VCALENDAR\r\n')).toBe('PUBLISH');
  });
});
