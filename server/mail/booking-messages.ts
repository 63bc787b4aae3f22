/**
 * The customer's mails of a call they book (docs/product.md#booking): booked or moved, with the REQUEST
 * invitation; cancelled, with the CANCEL that takes the event out of their calendar; and the reminder before the
 * call. Each carries the booking link, which shows, moves or cancels the call without signing in, and states the
 * time on the company's clock and on the customer's (server/mail/time.ts). Values that come from customers or the
 * office go into the HTML only through the escaping `html` template.
 */
import { company } from '#domain/company';
import { deliveryLabelFor } from '#domain/catalogue/delivery';
import { html } from './html';
import { letter } from './letter';
import type { MailCalendar, MailMessage } from './mailer';
import { formatCallTime, formatCallTimes } from './time';

/** What every mail of a booked call knows. */
interface CallMailFacts {
  to: string;
  name: string;
  title: string;
  /** The delivery type (SERVICE_TYPES). */
  type: string;
  start: Date;
  /** The customer's IANA zone, as their browser gave it; null when not known (then London time only). */
  customerZone: string | null;
  /** `/booking/<token>` (server/orders/booking-links-repository.ts): moves or cancels the call without signing in. */
  bookingUrl: string;
  publicUrl: string;
}

/** "video meeting for Website Development Consultation". */
function callWhat(p: Pick<CallMailFacts, 'title' | 'type'>): string {
  return `${deliveryLabelFor(p.type).toLowerCase()} for ${p.title}`;
}

export const NO_SIGN_IN = 'no sign-in needed';
export const WRITE_TO_US = `please write to ${company.supportEmail}`;

export function callBookedMail(
  p: CallMailFacts & {
    end: Date;
    join: string;
    /** The office member who holds the call, by name; null when not known. */
    with: string | null;
    /** Until when the customer may move or cancel it themselves (BOOKING_CHANGE_CUTOFF_MINUTES before it). */
    changeUntil: Date;
    /** True when an earlier time was moved. */
    moved: boolean;
    /** The REQUEST invitation; null when it could not be made: the mail goes all the same. */
    calendar: MailCalendar | null;
  },
): MailMessage {
  const what = callWhat(p);
  const when = formatCallTimes(p.start, p.customerZone);
  const minutes = Math.round((p.end.getTime() - p.start.getTime()) / 60_000);
  const subject = `Your ${what} ${p.moved ? 'has moved to' : 'is booked for'} ${formatCallTime(p.start)}`;
  const lead = p.moved ? `We have moved your ${what}. The new time is ${when}.` : `Your ${what} is booked for ${when}.`;
  const length = `It lasts ${minutes} minutes.`;
  const holder = p.with === null ? null : `${p.with} will hold the call.`;
  const until = formatCallTimes(p.changeUntil, p.customerZone);
  const change = `To change the time or cancel, open this link (${NO_SIGN_IN}) until ${until}:`;
  const after = `After that, ${WRITE_TO_US}.`;
  const invitation = p.calendar
    ? `The calendar invitation is attached: open it to ${p.moved ? 'move the call in' : 'add the call to'} your calendar.`
    : 'You can add the call to your calendar from your invoices page.';
  const invoices = `${p.publicUrl}/invoices`;
  return letter(
    {
      to: p.to,
      name: p.name,
      subject,
      text: [
        `${lead} ${length}`,
        ...(holder ? [holder] : []),
        '',
        `How to join: ${p.join}`,
        '',
        change,
        p.bookingUrl,
        after,
        '',
        invitation,
        `Your invoices: ${invoices}`,
      ],
      body: html`<p>${lead} ${length}</p>
        ${holder ? html`<p>${holder}</p>` : html``}
        <p><strong>How to join:</strong> ${p.join}</p>
        <p>${change}<br /><a href="${p.bookingUrl}">${p.bookingUrl}</a><br />${after}</p>
        <p>${invitation}</p>
        <p><a href="${invoices}">Your invoices</a></p>`,
    },
    p.calendar ? { calendar: p.calendar } : {},
  );
}

export function callCancelledMail(
  p: CallMailFacts & {
    /** The CANCEL that takes the event out of the customer's calendar; null when it could not be made. */
    calendar: MailCalendar | null;
  },
): MailMessage {
  const what = callWhat(p);
  const subject = `Your ${what} on ${formatCallTime(p.start)} is cancelled`;
  const lead = `Your ${what} on ${formatCallTimes(p.start, p.customerZone)} is cancelled.`;
  const waits = 'Your order stays paid and waits for a new time.';
  const book = `To book one, open this link (${NO_SIGN_IN}):`;
  const invoices = `${p.publicUrl}/invoices`;
  const calendar = p.calendar
    ? 'The attached cancellation takes the call out of your calendar.'
    : 'If the call is in your calendar, please delete it there.';
  return letter(
    {
      to: p.to,
      name: p.name,
      subject,
      text: [lead, waits, '', book, p.bookingUrl, `Or choose a time on your invoices page: ${invoices}`, '', calendar],
      body: html`<p>${lead}</p>
        <p>${waits}</p>
        <p>${book}<br /><a href="${p.bookingUrl}">${p.bookingUrl}</a></p>
        <p>Or choose a time on <a href="${invoices}">your invoices page</a>.</p>
        <p>${calendar}</p>`,
    },
    p.calendar ? { calendar: p.calendar } : {},
  );
}

/** The reminder before the call: no invitation (the booking's stands), the time, how to join, the link. */
export function callReminderMail(p: CallMailFacts & { join: string }): MailMessage {
  const what = callWhat(p);
  const subject = `Reminder: your ${what} is on ${formatCallTime(p.start)}`;
  const lead = `This is a reminder of your ${what} on ${formatCallTimes(p.start, p.customerZone)}.`;
  const booking = `Your booking (${NO_SIGN_IN}):`;
  const cannot = `If you cannot make it, ${WRITE_TO_US}.`;
  const invoices = `${p.publicUrl}/invoices`;
  return letter({
    to: p.to,
    name: p.name,
    subject,
    text: [lead, '', `How to join: ${p.join}`, '', booking, p.bookingUrl, cannot, '', `Your invoices: ${invoices}`],
    body: html`<p>${lead}</p>
      <p><strong>How to join:</strong> ${p.join}</p>
      <p>${booking}<br /><a href="${p.bookingUrl}">${p.bookingUrl}</a></p>
      <p>${cannot}</p>
      <p><a href="${invoices}">Your invoices</a></p>`,
  });
}
