/**
 * The code that proves an account without a password is its owner's, before its second factor changes or a
 * passkey is added.
 */
import { company } from '#domain/company';
import { html } from '../mail/html';
import { letter } from '../mail/letter';
import type { MailMessage } from '../mail/mailer';

export function twoFactorCodeMail(p: { to: string; name: string; code: string; minutes: number }): MailMessage {
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
