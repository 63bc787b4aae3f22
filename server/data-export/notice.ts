/**
 * "Your data was downloaded": mailed to the account's address after every data export (docs/data-export.md),
 * so that an export made with a stolen session does not go unnoticed. It says when, and what to do if it was
 * not them; the archive itself is never attached.
 */
import { company } from '#domain/company';
import { html } from '../mail/html';
import { letter } from '../mail/letter';
import type { MailMessage } from '../mail/mailer';
import { formatCompanyTime } from '../mail/time';

export const DATA_EXPORT_SUBJECT = `Your ${company.name} data was downloaded`;

export function dataExportNoticeMail(p: { to: string; name: string; at: Date; publicUrl: string }): MailMessage {
  const when = formatCompanyTime(p.at);
  const what = `A copy of everything we hold about you was downloaded from your profile page as a ZIP file (${when}).`;
  const reset = `${p.publicUrl}/forgot-password`;
  return letter({
    to: p.to,
    name: p.name,
    subject: DATA_EXPORT_SUBJECT,
    text: [
      what,
      '',
      'If this was you, there is nothing more to do.',
      `If this was not you, someone else may be signed in to your account: reset your password now (${reset}), which signs out every device, and write to ${company.supportEmail}.`,
    ],
    body: html`<p>${what}</p>
      <p>If this was you, there is nothing more to do.</p>
      <p>
        If this was not you, someone else may be signed in to your account:
        <a href="${reset}">reset your password now</a>, which signs out every device, and write to
        <a href="mailto:${company.supportEmail}">${company.supportEmail}</a>.
      </p>`,
  });
}
