/**
 * The contact form's and the youth application's mail to the office: which form it came from, what was
 * written, and the sender's address as Reply-To, so that answering the mail answers the sender.
 */
import type { ContactValues, YouthValues } from '#domain/validation';
import { html } from './html';
import { letter, table, textRows, type Row } from './letter';
import type { MailMessage } from './mailer';
import { formatCompanyTime } from './time';

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

/** The office's one notice in an hour when form mail passes the site's cap: the rest is held, none dropped. */
export function formMailHeldMail(to: string, p: { perHour: number; firstHeldUntil: Date }): MailMessage {
  const until = formatCompanyTime(p.firstHeldUntil);
  const lead = `More than ${p.perHour} messages came through the website's forms within an hour.`;
  const rest = `The ones beyond that are kept and will reach you from ${until}, at most ${p.perHour} an hour: none is lost. A sudden flood is often automated; the senders' addresses are in each message.`;
  return letter({
    to,
    name: 'office',
    subject: 'Form messages are being held: more than usual came in',
    text: [lead, '', rest],
    body: html`<p>${lead}</p>
      <p>${rest}</p>`,
  });
}
