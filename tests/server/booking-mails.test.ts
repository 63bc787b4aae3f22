/**
 * The words of a booked call's mails (docs/product.md#booking): the time on the company's clock and on the
 * customer's, said once when they are the same clock; the booking link in each; who holds the call, how to join,
 * and until when the customer may change it; the invitation attached or the invoices page named instead.
 */
import { describe, expect, it } from 'vitest';
import { callBookedMail, callCancelledMail, callReminderMail } from '#server/mail/booking-messages';
import type { MailCalendar } from '#server/mail/mailer';
import { callScheduledMail } from '#server/mail/order-messages';
import { formatCallTimes } from '#server/mail/time';
import { MINUTE } from './helpers';

const PUBLIC_URL = 'https://northgate.example';
const LINK = `${PUBLIC_URL}/booking/3q2-7Yd_token`;
const JOIN = 'https://meet.example.com/northgate-ada';
const START = new Date('2026-12-01T10:00:00.000Z');
const INVITATION: MailCalendar = { method: 'REQUEST', filename: 'northgate-call-2026-12-01.ics', content: 'BEGIN…' };

const facts = {
  to: 'ada@example.com',
  name: 'Ada',
  title: 'Website Development Consultation',
  type: 'Video Meeting',
  start: START,
  customerZone: 'Asia/Tokyo' as string | null,
  bookingUrl: LINK,
  publicUrl: PUBLIC_URL,
};

const booked = (extra: Partial<Parameters<typeof callBookedMail>[0]> = {}) =>
  callBookedMail({
    ...facts,
    end: new Date(START.getTime() + 45 * MINUTE),
    join: JOIN,
    with: 'Grace Hopper',
    changeUntil: new Date(START.getTime() - 120 * MINUTE),
    moved: false,
    calendar: INVITATION,
    ...extra,
  });

describe('the time of a call', () => {
  it.each([
    ['Asia/Tokyo', 'Tuesday, 1 December 2026 at 10:00 GMT (London time) — 19:00 Tokyo time'],
    // Another day on the customer's clock: named.
    [
      'Pacific/Kiritimati',
      'Tuesday, 1 December 2026 at 10:00 GMT (London time) — Wednesday, 2 December 2026 at 00:00 Kiritimati time',
    ],
    ['Etc/GMT+12', 'Tuesday, 1 December 2026 at 10:00 GMT (London time) — Monday, 30 November 2026 at 22:00 GMT-12'],
    ['Asia/Kathmandu', 'Tuesday, 1 December 2026 at 10:00 GMT (London time) — 15:45 Kathmandu time'],
    // The company's own clock, by either name, or a zone nobody knows: said once.
    ['Europe/London', 'Tuesday, 1 December 2026 at 10:00 GMT (London time)'],
    ['GB', 'Tuesday, 1 December 2026 at 10:00 GMT (London time)'],
    ['Mars/Olympus_Mons', 'Tuesday, 1 December 2026 at 10:00 GMT (London time)'],
    [null, 'Tuesday, 1 December 2026 at 10:00 GMT (London time)'],
  ])('in %s: %s', (zone, said) => {
    expect(formatCallTimes(START, zone)).toBe(said);
  });

  it('in summer, London time is BST, and the customer in UTC reads an hour less', () => {
    expect(formatCallTimes(new Date('2026-06-10T13:00:00.000Z'), 'UTC')).toBe(
      'Wednesday, 10 June 2026 at 14:00 BST (London time) — 13:00 UTC',
    );
  });
});

describe('the mail of a booked call', () => {
  it('says the time on both clocks, its length, who holds it, how to join, the link and until when it works', () => {
    const mail = booked();
    expect(mail.subject).toBe(
      'Your video meeting for Website Development Consultation is booked for Tuesday, 1 December 2026 at 10:00 GMT (London time)',
    );
    for (const line of [
      'Hello Ada,',
      'Your video meeting for Website Development Consultation is booked for Tuesday, 1 December 2026 at 10:00 GMT (London time) — 19:00 Tokyo time. It lasts 45 minutes.',
      'Grace Hopper will hold the call.',
      `How to join: ${JOIN}`,
      'To change the time or cancel, open this link (no sign-in needed) until Tuesday, 1 December 2026 at 08:00 GMT (London time) — 17:00 Tokyo time:',
      LINK,
      'After that, please write to support@northgate-consulting.example.',
      'The calendar invitation is attached: open it to add the call to your calendar.',
      `Your invoices: ${PUBLIC_URL}/invoices`,
    ])
      expect(mail.text.split('\n')).toContain(line);
    expect(mail.html).toContain(`href="${LINK}"`);
    expect(mail.html).toContain('19:00 Tokyo time');
    expect(mail.calendar).toBe(INVITATION);
  });

  it('moved: says so, and that the invitation moves the event', () => {
    const mail = booked({ moved: true, customerZone: 'Europe/London' });
    expect(mail.subject).toBe(
      'Your video meeting for Website Development Consultation has moved to Tuesday, 1 December 2026 at 10:00 GMT (London time)',
    );
    expect(mail.text).toContain(
      'We have moved your video meeting for Website Development Consultation. The new time is Tuesday, 1 December 2026 at 10:00 GMT (London time). It lasts 45 minutes.',
    );
    expect(mail.text).toContain('open it to move the call in your calendar.');
    expect(mail.text).not.toContain(' — ');
  });

  it('without a holder or an invitation: neither is promised, and the invoices page is named', () => {
    const mail = booked({ with: null, calendar: null });
    expect(mail.text).not.toContain('will hold the call');
    expect(mail.calendar).toBeUndefined();
    expect(mail.text).toContain('You can add the call to your calendar from your invoices page.');
    expect(mail.text).not.toContain('attached');
  });

  it("escapes the office's and the customer's text in its HTML", () => {
    const mail = booked({ join: '<b>Room 1</b>', with: 'Grace <Hopper>' });
    expect(mail.html).toContain('&lt;b&gt;Room 1&lt;/b&gt;');
    expect(mail.html).toContain('Grace &lt;Hopper&gt; will hold the call.');
    expect(mail.html).not.toContain('<b>Room 1</b>');
  });
});

describe('the mail of a cancelled call', () => {
  it('says the order waits for a new time, and how to book one: the link or the invoices page', () => {
    const mail = callCancelledMail({ ...facts, calendar: { ...INVITATION, method: 'CANCEL' } });
    expect(mail.subject).toBe(
      'Your video meeting for Website Development Consultation on Tuesday, 1 December 2026 at 10:00 GMT (London time) is cancelled',
    );
    for (const line of [
      'Your video meeting for Website Development Consultation on Tuesday, 1 December 2026 at 10:00 GMT (London time) — 19:00 Tokyo time is cancelled.',
      'Your order stays paid and waits for a new time.',
      'To book one, open this link (no sign-in needed):',
      LINK,
      `Or choose a time on your invoices page: ${PUBLIC_URL}/invoices`,
      'The attached cancellation takes the call out of your calendar.',
    ])
      expect(mail.text.split('\n')).toContain(line);
    expect(mail.html).toContain(`href="${LINK}"`);
    expect(mail.calendar?.method).toBe('CANCEL');
  });

  it('without its cancellation file, asks the customer to delete the event', () => {
    const mail = callCancelledMail({ ...facts, calendar: null });
    expect(mail.calendar).toBeUndefined();
    expect(mail.text).toContain('If the call is in your calendar, please delete it there.');
  });
});

describe('the reminder of a call', () => {
  it('says the time on both clocks, how to join and the link, with no invitation', () => {
    const mail = callReminderMail({ ...facts, join: JOIN });
    expect(mail.subject).toBe(
      'Reminder: your video meeting for Website Development Consultation is on Tuesday, 1 December 2026 at 10:00 GMT (London time)',
    );
    for (const line of [
      'This is a reminder of your video meeting for Website Development Consultation on Tuesday, 1 December 2026 at 10:00 GMT (London time) — 19:00 Tokyo time.',
      `How to join: ${JOIN}`,
      'Your booking (no sign-in needed):',
      LINK,
      'If you cannot make it, please write to support@northgate-consulting.example.',
    ])
      expect(mail.text.split('\n')).toContain(line);
    expect(mail.html).toContain(`href="${LINK}"`);
    expect(mail.calendar).toBeUndefined();
  });
});

describe("the office's scheduling mail", () => {
  const scheduled = (extra: Partial<Parameters<typeof callScheduledMail>[0]>) =>
    callScheduledMail({
      to: facts.to,
      name: facts.name,
      title: facts.title,
      type: facts.type,
      publicUrl: PUBLIC_URL,
      at: START,
      join: JOIN,
      reason: null,
      moved: false,
      calendar: INVITATION,
      ...extra,
    });

  it('carries the booking link when it has one, and the time on the customer’s clock when known', () => {
    const mail = scheduled({ bookingUrl: LINK, customerZone: 'Asia/Tokyo' });
    expect(mail.text.split('\n')).toContain('To change the time or cancel, open this link (no sign-in needed):');
    expect(mail.text.split('\n')).toContain(LINK);
    expect(mail.html).toContain(`href="${LINK}"`);
    expect(mail.text).toContain('(London time) — 19:00 Tokyo time.');
  });

  it('without one, offers none', () => {
    const mail = scheduled({});
    expect(mail.text).not.toContain('/booking/');
    expect(mail.text).not.toContain('open this link');
    expect(mail.text).not.toContain(' — ');
  });
});
