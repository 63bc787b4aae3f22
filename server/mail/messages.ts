/**
 * The messages the server sends, each as plain text and HTML. Values that come from customers (names,
 * service titles, URLs) go into the HTML only through the escaping `html` template.
 */
import { company } from '#domain/company';
import { REMOVE_OTHER_SIGN_INS_LABEL } from '#domain/contract';
import { INVOICE_RETENTION_YEARS } from '#domain/policies';
import { html } from './html';
import { letter } from './letter';
import type { MailMessage } from './mailer';
import { formatCompanyDate } from './time';

/** "19 January 2026": the day on the company's calendar, as every time the site and its mails state. */
export function formatLongDate(date: Date): string {
  return formatCompanyDate(date);
}

/** "£49.00". */
export function formatPounds(pence: number): string {
  return `£${(pence / 100).toFixed(2)}`;
}

function codeMail(
  to: string,
  name: string | null,
  code: string,
  minutes: number,
  subject: string,
  purpose: string,
  ignore: string,
): MailMessage {
  return letter({
    to,
    name,
    subject,
    text: [
      `${purpose} Your code is:`,
      '',
      `    ${code}`,
      '',
      `It expires in ${minutes} minutes and works once.`,
      ignore,
    ],
    body: html`<p>${purpose} Your code is:</p>
      <p style="font-size:28px;letter-spacing:6px;font-weight:bold">${code}</p>
      <p>It expires in ${minutes} minutes and works once.</p>
      <p>${ignore}</p>`,
  });
}

export function passwordResetCodeMail(p: {
  to: string;
  /** Null for an address not yet proven: no name the customer typed goes there. */
  name: string | null;
  code: string;
  minutes: number;
  /** The account's other ways in, described (domain/waysIn.ts): a reset alone leaves them working. */
  linked?: readonly string[];
}): MailMessage {
  const linked = p.linked ?? [];
  const others =
    linked.length === 0
      ? ''
      : ` This account can also be signed in to with ${linked.join(', ')}. If that is not yours, tick ` +
        `"${REMOVE_OTHER_SIGN_INS_LABEL}" when you choose your new password.`;
  return codeMail(
    p.to,
    p.name,
    p.code,
    p.minutes,
    `Your ${company.name} password reset code`,
    'Someone (we hope you) asked to reset the password of your account.',
    `If you did not ask for it, ignore this message: your password stays as it is.${others}`,
  );
}

/** The e-mailed step of a sign-in, asked of an account whose failed sign-ins reached the day's ceiling. */
export function signInCodeMail(p: { to: string; name: string; code: string; minutes: number }): MailMessage {
  return codeMail(
    p.to,
    p.name,
    p.code,
    p.minutes,
    `Your ${company.name} sign-in code`,
    'Someone (we hope you) signed in to your account with its password. Many failed sign-ins were tried on ' +
      'it today, so we ask for this code as well.',
    'If it was not you, change your password: someone knows it.',
  );
}

/** The subject of the verification mail sent at sign-up: a welcome, so it reads apart from a resent code. */
export const SIGN_UP_VERIFICATION_SUBJECT = `Welcome to ${company.name}: verify your e-mail address`;

/** Sent with a new e-mail account: the same code mail as the profile's, under a welcome subject. */
/** To an address not yet proven to be the account's: in the company's words, with no name the customer typed. */
export function signUpVerificationMail(p: { to: string; code: string; minutes: number }): MailMessage {
  return codeMail(
    p.to,
    null,
    p.code,
    p.minutes,
    SIGN_UP_VERIFICATION_SUBJECT,
    'Thank you for signing up. To confirm that this e-mail address is yours, open your profile, choose "I have a code" and enter this code.',
    'If you did not sign up, you can ignore this message.',
  );
}

/** To an address not yet proven to be the account's: in the company's words, with no name the customer typed. */
export function verificationCodeMail(p: { to: string; code: string; minutes: number }): MailMessage {
  return codeMail(
    p.to,
    null,
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

/** Sent to the NEW address of an e-mail change: the change takes effect only once this code is entered. */
/** To an address not yet proven to be the account's: in the company's words, with no name the customer typed. */
export function newEmailCodeMail(p: { to: string; code: string; minutes: number }): MailMessage {
  return codeMail(
    p.to,
    null,
    p.code,
    p.minutes,
    `Confirm your new ${company.name} e-mail address`,
    'Someone (we hope you) asked to use this e-mail address for their account. Enter this code on the profile page to confirm that it is yours.',
    'If you did not ask for it, ignore this message: no account will use this address.',
  );
}

/**
 * The code that proves an account without a password is its owner's, before its second factor changes or a
 * passkey is added.
 */
export function ownerProofCodeMail(p: { to: string; name: string; code: string; minutes: number }): MailMessage {
  const purpose =
    'Someone (we hope you) asked to change how your account signs in (its authenticator app or its passkeys). Enter this code on the profile page to confirm it.';
  const ignore = 'If you did not ask for it, do not give this code to anyone: nothing changes without it.';
  const expires = `The code expires in ${p.minutes} minutes.`;
  return letter({
    to: p.to,
    name: p.name,
    subject: `Confirm the change of your ${company.name} sign-in`,
    text: [`${purpose} Your code is:`, '', `    ${p.code}`, '', expires, ignore],
    body: html`<p>${purpose} Your code is:</p>
      <p style="font-size: 24px; font-weight: bold; letter-spacing: 4px">${p.code}</p>
      <p>${expires} ${ignore}</p>`,
  });
}

export function deletionRequestedMail(p: { to: string; name: string; on: Date; publicUrl: string }): MailMessage {
  const day = formatLongDate(p.on);
  const subject = `Your ${company.name} account will be deleted on ${day}`;
  const signIn = `${p.publicUrl}/signin`;
  return letter({
    to: p.to,
    name: p.name,
    subject,
    text: [
      `As you asked, your account and its data (profile, notifications, unpaid invoices) will be deleted on ${day}.`,
      `Paid invoices are kept for ${INVOICE_RETENTION_YEARS} years, as the law requires, without your name or e-mail address.`,
      `To keep your account, sign in before then and cancel the deletion: ${signIn}`,
      `If you did not ask for this, sign in and cancel it, then change your password, or write to ${company.supportEmail}.`,
    ],
    body: html`<p>
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
  });
}
