/**
 * The words of a booked call's mails (booked, cancelled, the reminder) and of the security notices, whole: each
 * plain text pinned line by line, and its HTML saying the same sentences. When they are sent is tested in
 * booking-mails.test.ts and account-changes.test.ts; mail-wording.test.ts has the other mails.
 */
import { describe, expect, it } from 'vitest';
import { company } from '#domain/company';
import { callBookedMail, callCancelledMail, callReminderMail } from '#server/mail/booking-messages';
import { type SecurityChange, securityNoticeMail } from '#server/mail/security-notices';
import { expectWords, htmlWords } from './mail-words';

const START = new Date('2027-03-04T15:00:00Z');
const WHEN = 'Thursday, 4 March 2027 at 15:00 GMT (London time)';
const BOTH = `${WHEN} — 20:45 Kathmandu time`;
const SITE = 'https://site.example';
const LINK = `${SITE}/booking/tok`;
const SIGNED = `— ${company.name}`;
const SUPPORT = company.supportEmail;
const facts = {
  to: 'a@example.com',
  name: 'Ada',
  title: 'Cloud Review',
  type: 'Phone Call',
  start: START,
  customerZone: 'Asia/Kathmandu',
  bookingUrl: LINK,
  publicUrl: SITE,
};
const calendar = { method: 'REQUEST', content: 'BEGIN:VCALENDAR' } as Parameters<typeof callBookedMail>[0]['calendar'];

describe('a booked call', () => {
  const booked = {
    ...facts,
    end: new Date(START.getTime() + 3_600_000),
    join: 'https://meet.example/x',
    with: 'Olive Office',
    changeUntil: new Date(START.getTime() - 86_400_000),
    moved: false,
    calendar: null,
  };
  const change = `To change the time or cancel, open this link (no sign-in needed) until Wednesday, 3 March 2027 at 15:00 GMT (London time) — 20:45 Kathmandu time:`;
  const after = `After that, please write to ${SUPPORT}.`;

  it('states both clocks, the length, who holds it, and until when the link changes it', () => {
    const mail = callBookedMail(booked);
    const lead = `Your audio call for Cloud Review is booked for ${BOTH}. It lasts 60 minutes.`;
    expect(mail.subject).toBe(`Your audio call for Cloud Review is booked for ${WHEN}`);
    expectWords(
      mail,
      [
        'Hello Ada,',
        '',
        lead,
        'Olive Office will hold the call.',
        '',
        'How to join: https://meet.example/x',
        '',
        change,
        LINK,
        after,
        '',
        'You can add the call to your calendar from your invoices page.',
        `Your invoices: ${SITE}/invoices`,
        '',
        SIGNED,
      ],
      [lead, 'Olive Office will hold the call.', `${change} ${LINK} ${after}`],
    );
  });

  it('a move with its invitation says so; without a holder, no one is named', () => {
    const mail = callBookedMail({ ...booked, moved: true, with: null, calendar });
    expect(mail.subject).toBe(`Your audio call for Cloud Review has moved to ${WHEN}`);
    const lines = mail.text.split('\n');
    expect(lines.slice(2, 5)).toEqual([
      `We have moved your audio call for Cloud Review. The new time is ${BOTH}. It lasts 60 minutes.`,
      '',
      'How to join: https://meet.example/x',
    ]);
    expect(lines).toContain('The calendar invitation is attached: open it to move the call in your calendar.');
    expect(htmlWords(mail)).not.toContain('will hold the call');
    expect(mail.calendar).toBe(calendar);
  });

  it('a cancelled call keeps the order paid and offers a new time', () => {
    const mail = callCancelledMail({ ...facts, calendar: null });
    const lead = `Your audio call for Cloud Review on ${BOTH} is cancelled.`;
    expect(mail.subject).toBe(`Your audio call for Cloud Review on ${WHEN} is cancelled`);
    expectWords(
      mail,
      [
        'Hello Ada,',
        '',
        lead,
        'Your order stays paid and waits for a new time.',
        '',
        'To book one, open this link (no sign-in needed):',
        LINK,
        `Or choose a time on your invoices page: ${SITE}/invoices`,
        '',
        'If the call is in your calendar, please delete it there.',
        '',
        SIGNED,
      ],
      [lead, 'Your order stays paid and waits for a new time.', 'Or choose a time on your invoices page .'],
    );
    expect(callCancelledMail({ ...facts, calendar }).text).toContain(
      '\nThe attached cancellation takes the call out of your calendar.\n',
    );
  });

  it('the reminder gives the time, how to join, the booking and whom to write to', () => {
    const mail = callReminderMail({ ...facts, join: 'Phone: +44 20 7946 0000' });
    const lead = `This is a reminder of your audio call for Cloud Review on ${BOTH}.`;
    expect(mail.subject).toBe(`Reminder: your audio call for Cloud Review is on ${WHEN}`);
    expectWords(
      mail,
      [
        'Hello Ada,',
        '',
        lead,
        '',
        'How to join: Phone: +44 20 7946 0000',
        '',
        'Your booking (no sign-in needed):',
        LINK,
        `If you cannot make it, please write to ${SUPPORT}.`,
        '',
        `Your invoices: ${SITE}/invoices`,
        '',
        SIGNED,
      ],
      [lead, `Your booking (no sign-in needed): ${LINK}`, `If you cannot make it, please write to ${SUPPORT}.`],
    );
  });
});

describe('a security notice', () => {
  const notice = (change: SecurityChange) =>
    securityNoticeMail({ to: 'a@example.com', name: 'Ada', change, at: START, publicUrl: SITE });
  const notYou = `If this was not you, reset your password now (${SITE}/forgot-password) and write to ${SUPPORT}: we will help you get your account back.`;

  it('says what changed and when, that nothing more is needed, and what to do if it was not the owner', () => {
    const what = 'The password of your account was changed, and every other device was signed out.';
    const mail = notice({ kind: 'password_changed' });
    expect(mail.subject).toBe(`Your ${company.name} password was changed`);
    expectWords(
      mail,
      ['Hello Ada,', '', `${what} (${WHEN})`, '', 'If this was you, there is nothing more to do.', notYou, '', SIGNED],
      [`${what} (${WHEN})`, 'If this was you, there is nothing more to do.', 'we will help you get your account back.'],
    );
    expect(mail.html).toContain(`<a href="${SITE}/forgot-password">reset your password now</a>`);
  });

  it.each<[SecurityChange, string]>([
    [
      { kind: 'password_reset', removed: [] },
      'The password of your account was reset with a code sent to this address, and every device was signed out.',
    ],
    [
      { kind: 'password_reset', removed: ['Google (ada@gmail.com)', 'a passkey'] },
      'The password of your account was reset with a code sent to this address, and every device was signed out. ' +
        'These other ways to sign in were removed and no longer work: Google (ada@gmail.com), a passkey.',
    ],
    [{ kind: 'totp_enabled' }, 'Signing in to your account now also asks for a code from your authenticator app.'],
    [{ kind: 'totp_disabled' }, 'Signing in to your account no longer asks for a code from an authenticator app.'],
    [
      { kind: 'recovery_codes_regenerated' },
      'New recovery codes were made for your account; the earlier ones no longer work.',
    ],
    [
      { kind: 'recovery_code_used', left: 1 },
      'Someone signed in to your account with one of its recovery codes. 1 unused code is left.',
    ],
    [
      { kind: 'recovery_code_used', left: 4 },
      'Someone signed in to your account with one of its recovery codes. 4 unused codes are left.',
    ],
  ])('%j: %s', (change, what) => {
    const mail = notice(change);
    expect(mail.text.split('\n')[2]).toBe(`${what} (${WHEN})`);
    expect(htmlWords(mail)).toContain(`${what} (${WHEN})`);
  });
});
