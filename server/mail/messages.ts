/**
 * The messages the server sends, each as plain text and HTML. Values that come from customers (names,
 * service titles, URLs) go into the HTML only through the escaping `html` template.
 */
import { company } from '../../domain/company';
import { INVOICE_RETENTION_YEARS } from '../../domain/policies';
import { deliveryLabelFor } from '../invoices/wire';
import { html, layout } from './html';
import type { MailMessage } from './mailer';

/** "19 January 2026": the day in UTC, as the server has no customer time zone. */
export function formatLongDate(date: Date): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    date,
  );
}

/** "£49.00". */
export function formatPounds(pence: number): string {
  return `£${(pence / 100).toFixed(2)}`;
}

const signature = `— ${company.name}`;

function codeMail(
  to: string,
  name: string,
  code: string,
  minutes: number,
  subject: string,
  purpose: string,
  ignore: string,
): MailMessage {
  return {
    to,
    subject,
    text: [
      `Hello ${name},`,
      '',
      `${purpose} Your code is:`,
      '',
      `    ${code}`,
      '',
      `It expires in ${minutes} minutes and works once.`,
      ignore,
      '',
      signature,
    ].join('\n'),
    html: layout(
      subject,
      html`<p>Hello ${name},</p>
        <p>${purpose} Your code is:</p>
        <p style="font-size:28px;letter-spacing:6px;font-weight:bold">${code}</p>
        <p>It expires in ${minutes} minutes and works once.</p>
        <p>${ignore}</p>`,
    ),
  };
}

export function passwordResetCodeMail(p: { to: string; name: string; code: string; minutes: number }): MailMessage {
  return codeMail(
    p.to,
    p.name,
    p.code,
    p.minutes,
    `Your ${company.name} password reset code`,
    'Someone (we hope you) asked to reset the password of your account.',
    'If you did not ask for it, ignore this message: your password stays as it is.',
  );
}

export function verificationCodeMail(p: { to: string; name: string; code: string; minutes: number }): MailMessage {
  return codeMail(
    p.to,
    p.name,
    p.code,
    p.minutes,
    `Verify your e-mail address for ${company.name}`,
    'Enter this code on the site to confirm that this e-mail address is yours.',
    'If you did not ask for it, you can ignore this message.',
  );
}

export function emailChangeCodeMail(p: { to: string; name: string; code: string; minutes: number }): MailMessage {
  return codeMail(
    p.to,
    p.name,
    p.code,
    p.minutes,
    `Confirm the change of your ${company.name} e-mail address`,
    'Someone (we hope you) asked to change the e-mail address of your account. Enter this code on the profile page to confirm it.',
    'If you did not ask for it, do not give this code to anyone: your address stays as it is.',
  );
}

export function deletionRequestedMail(p: { to: string; name: string; on: Date; publicUrl: string }): MailMessage {
  const day = formatLongDate(p.on);
  const subject = `Your ${company.name} account will be deleted on ${day}`;
  const signIn = `${p.publicUrl}/signin`;
  return {
    to: p.to,
    subject,
    text: [
      `Hello ${p.name},`,
      '',
      `As you asked, your account and its data (profile, notifications, unpaid invoices) will be deleted on ${day}.`,
      `Paid invoices are kept for ${INVOICE_RETENTION_YEARS} years, as the law requires, without your name or e-mail address.`,
      `To keep your account, sign in before then and cancel the deletion: ${signIn}`,
      `If you did not ask for this, sign in and cancel it, then change your password, or write to ${company.supportEmail}.`,
      '',
      signature,
    ].join('\n'),
    html: layout(
      subject,
      html`<p>Hello ${p.name},</p>
        <p>
          As you asked, your account and its data (profile, notifications, unpaid invoices) will be deleted on
          <strong>${day}</strong>.
        </p>
        <p>
          Paid invoices are kept for ${INVOICE_RETENTION_YEARS} years, as the law requires, without your name or e-mail
          address.
        </p>
        <p>To keep your account, <a href="${signIn}">sign in</a> before then and cancel the deletion.</p>
        <p>
          If you did not ask for this, sign in and cancel it, then change your password, or write to
          <a href="mailto:${company.supportEmail}">${company.supportEmail}</a>.
        </p>`,
    ),
  };
}

export function receiptMail(p: {
  to: string;
  name: string;
  invoiceId: string;
  title: string;
  type: string;
  url: string;
  amountPence: number;
  paidAt: Date;
  publicUrl: string;
}): MailMessage {
  const amount = formatPounds(p.amountPence);
  const paidOn = formatLongDate(p.paidAt);
  const invoices = `${p.publicUrl}/invoices`;
  const subject = `Receipt: ${p.title} (${amount})`;
  const lines: Array<[string, string]> = [
    ['Service', p.title],
    ['Delivery', deliveryLabelFor(p.type)],
    ...(p.url ? ([['Website or application', p.url]] as Array<[string, string]>) : []),
    ['Amount paid', amount],
    ['Paid on', paidOn],
    ['Invoice', p.invoiceId],
  ];
  return {
    to: p.to,
    subject,
    text: [
      `Hello ${p.name},`,
      '',
      'Thank you: we have received your payment. We will deliver within one day.',
      '',
      ...lines.map(([label, value]) => `${label}: ${value}`),
      '',
      `Your invoices: ${invoices}`,
      '',
      signature,
    ].join('\n'),
    html: layout(
      subject,
      html`<p>Hello ${p.name},</p>
        <p>Thank you: we have received your payment. We will deliver within one day.</p>
        <table style="border-collapse:collapse">
          ${lines
            .map(
              ([label, value]) =>
                html`<tr>
                  <th style="text-align:left;padding:4px 12px 4px 0">${label}</th>
                  <td style="padding:4px 0">${value}</td>
                </tr>`,
            )
            .reduce((all, row) => html`${all}${row}`, html``)}
        </table>
        <p><a href="${invoices}">Your invoices</a></p>`,
    ),
  };
}
