/**
 * Security notices: mailed to the address the account had BEFORE a change, so that the owner learns of
 * it even when the change was made by someone else (a stolen session, a guessed password). Each says what
 * changed and when, and what to do if it was not them. No secret (code, token, password) is ever in them.
 */
import { company } from '#domain/company';
import { html } from './html';
import { letter } from './letter';
import type { MailMessage } from './mailer';
import { formatCompanyTime } from './time';

export type SecurityChange =
  | { kind: 'email_changed'; newEmail: string }
  | { kind: 'password_changed' }
  /** `removed`: the other ways in the reset removed, as domain/waysIn.ts describes them (none unless asked). */
  | { kind: 'password_reset'; removed: readonly string[] }
  | { kind: 'identity_linked'; provider: string }
  | { kind: 'totp_enabled' }
  | { kind: 'totp_disabled' }
  | { kind: 'recovery_codes_regenerated' }
  | { kind: 'recovery_code_used'; left: number }
  | { kind: 'passkey_added'; name: string }
  | { kind: 'passkey_removed'; name: string };

function describe(change: SecurityChange): { subject: string; what: string } {
  switch (change.kind) {
    case 'email_changed':
      return {
        subject: `The e-mail address of your ${company.name} account was changed`,
        what: `The e-mail address of your account was changed to ${change.newEmail}. Mail about the account now goes there.`,
      };
    case 'password_changed':
      return {
        subject: `Your ${company.name} password was changed`,
        what: 'The password of your account was changed, and every other device was signed out.',
      };
    case 'password_reset':
      return {
        subject: `Your ${company.name} password was reset`,
        what:
          'The password of your account was reset with a code sent to this address, and every device was signed out.' +
          (change.removed.length === 0
            ? ''
            : ` These other ways to sign in were removed and no longer work: ${change.removed.join(', ')}.`),
      };
    case 'identity_linked':
      return {
        subject: `${change.provider} sign-in was added to your ${company.name} account`,
        what: `Your account can now be signed in to with ${change.provider}.`,
      };
    case 'totp_enabled':
      return {
        subject: `Two-step sign-in was turned on for your ${company.name} account`,
        what: 'Signing in to your account now also asks for a code from your authenticator app.',
      };
    case 'totp_disabled':
      return {
        subject: `Two-step sign-in was turned off for your ${company.name} account`,
        what: 'Signing in to your account no longer asks for a code from an authenticator app.',
      };
    case 'recovery_codes_regenerated':
      return {
        subject: `New recovery codes were made for your ${company.name} account`,
        what: 'New recovery codes were made for your account; the earlier ones no longer work.',
      };
    case 'recovery_code_used':
      return {
        subject: `A recovery code was used to sign in to your ${company.name} account`,
        what: `Someone signed in to your account with one of its recovery codes. ${change.left} unused ${change.left === 1 ? 'code is' : 'codes are'} left.`,
      };
    // The passkey's name is the customer's own label: no key material is ever in these.
    case 'passkey_added':
      return {
        subject: `A passkey was added to your ${company.name} account`,
        what: `A passkey named "${change.name}" was added to your account: it signs in without a password. If it is not yours, remove it under Security on your profile page.`,
      };
    case 'passkey_removed':
      return {
        subject: `A passkey was removed from your ${company.name} account`,
        what: `The passkey named "${change.name}" was removed from your account and no longer signs in.`,
      };
  }
}

export function securityNoticeMail(p: {
  to: string;
  name: string | null;
  change: SecurityChange;
  at: Date;
  publicUrl: string;
}): MailMessage {
  const { subject, what } = describe(p.change);
  const when = formatCompanyTime(p.at);
  const reset = `${p.publicUrl}/forgot-password`;
  const notYou = `If this was not you, reset your password now (${reset}) and write to ${company.supportEmail}: we will help you get your account back.`;
  return letter({
    to: p.to,
    name: p.name,
    subject,
    text: [`${what} (${when})`, '', 'If this was you, there is nothing more to do.', notYou],
    body: html`<p>${what} (${when})</p>
      <p>If this was you, there is nothing more to do.</p>
      <p>
        If this was not you, <a href="${reset}">reset your password now</a> and write to
        <a href="mailto:${company.supportEmail}">${company.supportEmail}</a>: we will help you get your account back.
      </p>`,
  });
}
