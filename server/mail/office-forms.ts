/**
 * The contact form's and the youth application's mail to the office: which form it came from, what was
 * written, and the sender's address as Reply-To, so that answering the mail answers the sender.
 */
import type { ContactValues, YouthValues } from '#domain/validation';
import { html } from './html';
import { letter, table, textRows, type Row } from './letter';
import type { MailMessage } from './mailer';

function formMail(to: string, form: string, subject: string, rows: Row[], text: string, replyTo: string): MailMessage {
  return {
    ...letter({
      to,
      name: 'office',
      subject,
      text: [
        `A message came through the ${form} on the website.`,
        '',
        ...textRows(rows),
        '',
        text,
        '',
        'Reply to this mail to answer the sender.',
      ],
      body: html`<p>A message came through the ${form} on the website.</p>
        ${table(rows)}
        <p style="white-space:pre-wrap">${text}</p>
        <p>Reply to this mail to answer the sender.</p>`,
    }),
    replyTo,
  };
}

export function contactFormMail(to: string, values: ContactValues): MailMessage {
  return formMail(
    to,
    'contact form',
    `Contact form: ${values.name}`,
    [
      ['Name', values.name],
      ['E-mail', values.email],
    ],
    values.message,
    values.email,
  );
}

export function youthApplicationMail(to: string, values: YouthValues): MailMessage {
  return formMail(
    to,
    'youth programme application form',
    `Youth programme application: ${values.fullName}`,
    [
      ['Name', values.fullName],
      ['E-mail', values.emailAddress],
      ['Phone', values.phoneNumber],
      ['Age', String(values.age)],
    ],
    values.joinCause,
    values.emailAddress,
  );
}
