/**
 * The messages of an order's life after payment: to the office (every paid order, and a reminder when its
 * promise runs out soon) and to the customer (the call scheduled or moved, with a calendar invitation and the
 * booking link; the report, attached; the order delivered). A call the customer books has its own mails
 * (booking-messages.ts). Times are stated in the company's time zone (server/mail/time.ts).
 * Values that come from customers or the office go into the HTML only through the escaping `html` template.
 */
import { company } from '#domain/company';
import { staffDeliveryLabel } from '#domain/catalogue/delivery';
import { deliveryLabelFor, isServiceType } from '#domain/catalogue/delivery';
import { html, layout } from './html';
import { letter, signature, table, textRows, type Row } from './letter';
import type { MailCalendar, MailMessage } from './mailer';
import { formatPounds } from './messages';
import { formatCallTime, formatCallTimes, formatCompanyDay } from './time';

/** Where the office page opens one order. */
function officeOrderLink(publicUrl: string, invoiceId: string): string {
  return `${publicUrl}/office?order=${encodeURIComponent(invoiceId)}`;
}

export interface OfficeOrderFacts {
  to: string;
  invoiceId: string;
  /** Null once the customer deleted their account. */
  customer: { name: string; email: string } | null;
  title: string;
  type: string;
  url: string;
  amountPence: number;
  paidAt: Date;
  deadline: Date;
  /** 'sandbox' orders were paid in test mode: no money moved. */
  provider: string;
  publicUrl: string;
}

/** The delivery type in the office's words (docs/product.md#orders), or the stored text for an unknown one. */
function officeDeliveryLabel(type: string): string {
  return isServiceType(type) ? staffDeliveryLabel(type) : type;
}

function officeRows(p: OfficeOrderFacts): Row[] {
  return [
    ['Customer', p.customer ? `${p.customer.name} <${p.customer.email}>` : '(account deleted)'],
    ['Service', p.title],
    ['Delivery', officeDeliveryLabel(p.type)],
    ['App URL', p.url || '(none given)'],
    ['Amount', `${formatPounds(p.amountPence)}${p.provider === 'sandbox' ? ' (test payment: no money moved)' : ''}`],
    ['Paid', formatCallTime(p.paidAt)],
    ['Deliver by', formatCallTime(p.deadline)],
    ['Order', p.invoiceId],
  ];
}

function officeMail(p: OfficeOrderFacts, subject: string, lead: string): MailMessage {
  const link = officeOrderLink(p.publicUrl, p.invoiceId);
  const rows = officeRows(p);
  return {
    to: p.to,
    subject,
    text: [lead, '', ...textRows(rows), '', `Open it in the office: ${link}`, '', signature].join('\n'),
    html: layout(
      subject,
      html`<p>${lead}</p>
        ${table(rows)}
        <p><a href="${link}">Open it in the office</a></p>`,
    ),
  };
}

/** To the office, as each order is paid. */
export function officeNewOrderMail(p: OfficeOrderFacts): MailMessage {
  return officeMail(
    p,
    `New order: ${p.title} (${officeDeliveryLabel(p.type)})`,
    `A new order was paid. We promised to deliver it by ${formatCallTime(p.deadline)}.`,
  );
}

export const INVITATION_ATTACHED = 'The calendar invitation is attached: open it to add the call to your calendar.';
export const INVITATION_ON_INVOICES = 'You can add the call to your calendar from your invoices page.';

/** To the office, once, when an order is neither scheduled nor delivered close to its deadline. */
export function officeReminderMail(p: OfficeOrderFacts): MailMessage {
  return officeMail(
    p,
    `Reminder: ${p.title} is due by ${formatCallTime(p.deadline)}`,
    `This order is neither scheduled nor delivered, and our one-day promise runs out at ${formatCallTime(p.deadline)}.`,
  );
}

export function callScheduledMail(p: {
  to: string;
  name: string;
  title: string;
  type: string;
  at: Date;
  join: string;
  /** Why the call is later than the one-day promise; null when it is not. */
  reason: string | null;
  /** True when an earlier time is moved. */
  moved: boolean;
  publicUrl: string;
  /** Null when the invitation could not be made: the mail goes all the same, pointing to the invoices page. */
  calendar: MailCalendar | null;
  /** The booking link (`/booking/<token>`), which changes or cancels the call without signing in. */
  bookingUrl?: string;
  /** The customer's IANA zone, when known (an earlier booking of theirs): the body says the time on it too. */
  customerZone?: string | null;
}): MailMessage {
  const when = formatCallTime(p.at);
  const both = formatCallTimes(p.at, p.customerZone ?? null);
  const what = `${deliveryLabelFor(p.type).toLowerCase()} for ${p.title}`;
  const subject = p.moved ? `Your ${what} has moved to ${when}` : `Your ${what} is booked for ${when}`;
  const lead = p.moved ? `We have moved your ${what}. The new time is ${both}.` : `Your ${what} is booked for ${both}.`;
  const invoices = `${p.publicUrl}/invoices`;
  const late = p.reason
    ? `This is later than our promise to deliver within one day after payment, and we are sorry: ${p.reason}`
    : null;
  const change = 'To change the time or cancel, open this link (no sign-in needed):';
  return letter(
    {
      to: p.to,
      name: p.name,
      subject,
      text: [
        lead,
        '',
        `How to join: ${p.join}`,
        ...(late ? ['', late] : []),
        ...(p.bookingUrl ? ['', change, p.bookingUrl] : []),
        '',
        p.calendar ? INVITATION_ATTACHED : INVITATION_ON_INVOICES,
        `Your invoices: ${invoices}`,
      ],
      body: html`<p>${lead}</p>
        <p><strong>How to join:</strong> ${p.join}</p>
        ${late ? html`<p>${late}</p>` : html``}
        ${p.bookingUrl ? html`<p>${change}<br /><a href="${p.bookingUrl}">${p.bookingUrl}</a></p>` : html``}
        <p>${p.calendar ? INVITATION_ATTACHED : INVITATION_ON_INVOICES}</p>
        <p><a href="${invoices}">Your invoices</a></p>`,
    },
    p.calendar ? { calendar: p.calendar } : {},
  );
}

export function reportSentMail(p: {
  to: string;
  name: string;
  title: string;
  fileName: string;
  report: Uint8Array;
  publicUrl: string;
}): MailMessage {
  const subject = `Your report: ${p.title}`;
  const invoices = `${p.publicUrl}/invoices`;
  const lead = `Your report for ${p.title} is attached to this message (${p.fileName}).`;
  return letter(
    {
      to: p.to,
      name: p.name,
      subject,
      text: [
        lead,
        `You can also download it from your invoices: ${invoices}`,
        `If you have questions about it, write to ${company.supportEmail}.`,
      ],
      body: html`<p>${lead}</p>
        <p>You can also download it from <a href="${invoices}">your invoices</a>.</p>
        <p>
          If you have questions about it, write to
          <a href="mailto:${company.supportEmail}">${company.supportEmail}</a>.
        </p>`,
    },
    { attachments: [{ filename: p.fileName, contentType: 'application/pdf', content: p.report }] },
  );
}

export function orderDeliveredMail(p: {
  to: string;
  name: string;
  title: string;
  deliveredAt: Date;
  publicUrl: string;
}): MailMessage {
  const subject = `Delivered: ${p.title}`;
  const invoices = `${p.publicUrl}/invoices`;
  const lead = `Your order for ${p.title} was delivered on ${formatCompanyDay(p.deliveredAt)}. Thank you for choosing ${company.name}.`;
  return letter({
    to: p.to,
    name: p.name,
    subject,
    text: [lead, `Your invoices: ${invoices}`, `Questions? Write to ${company.supportEmail}.`],
    body: html`<p>${lead}</p>
      <p><a href="${invoices}">Your invoices</a></p>
      <p>Questions? Write to <a href="mailto:${company.supportEmail}">${company.supportEmail}</a>.</p>`,
  });
}
