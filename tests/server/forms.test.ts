/**
 * The contact form and the youth application reach the office (OFFICE_EMAIL) through the mail queue, with
 * the sender as Reply-To; the pages' rules hold on the server; a filled honeypot sends nothing; each address
 * is limited.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { APPLICATION_SENT_TEXT, CONTACT_SENT_TEXT } from '#server/forms/routes';
import { cleanup, createTestServer, errorText, fromAddress, jsonInit, uniqueAddress } from './helpers';
import { limitsFollow } from './limit-helpers';
import { expectWellFormed, settle, startMailCatcher } from './mail-helpers';
import { company } from '#domain/company';

const smtp = await startMailCatcher();
afterAll(async () => {
  await smtp.close();
  await cleanup();
});

const OFFICE = 'forms@northgate.test';
const { app, db, logLines, securityEvents } = await createTestServer({ SMTP_URL: smtp.url, OFFICE_EMAIL: OFFICE });
const post = (path: string, body: unknown, address = uniqueAddress()) =>
  app.request(`/api/forms/${path}`, jsonInit('POST', body), fromAddress(address));

const contact = {
  name: '  Grace Hopper ',
  email: 'grace@example.com',
  message: 'Can you look at our servers next week?',
};
const youth = {
  fullName: 'Alan Turing',
  emailAddress: 'alan@example.com',
  phoneNumber: '07123 456789',
  age: 19,
  joinCause: 'I want to learn how networks are kept safe.',
};

describe('the contact form', () => {
  it('e-mails the office which form it came from, with the sender as Reply-To', async () => {
    const res = await post('contact', contact);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: { en: CONTACT_SENT_TEXT } });
    const mail = await smtp.waitFor(OFFICE);
    expectWellFormed(mail, company.mailFrom);
    expect(mail.subject).toBe('Contact form: Grace Hopper');
    expect(mail.headers['reply-to']).toBe('grace@example.com');
    expect(mail.text).toContain('A message came through the contact form on the website.');
    expect(mail.text).toContain('Can you look at our servers next week?');
  });

  it('sends what the sender typed without the spaces around it', async () => {
    const before = smtp.to(OFFICE).length;
    const padded = { name: 'Ada Byron', email: '  ada@example.com ', message: '  Please call me back.  ' };
    expect((await post('contact', padded)).status).toBe(200);
    const mail = await smtp.waitFor(OFFICE, before + 1);
    expect(mail.headers['reply-to']).toBe('ada@example.com');
    const lines = mail.text.split(/\r?\n/);
    expect(lines).toContain('E-mail: ada@example.com');
    expect(lines).toContain('Please call me back.');
  });

  it("refuses what the page refuses, with the page's texts", async () => {
    for (const [body, text] of [
      [{ ...contact, name: '  ' }, 'Name is required'],
      [{ ...contact, email: 'not-an-address' }, 'Email is invalid'],
      [{ ...contact, message: '' }, 'Message is required'],
    ] as const) {
      const res = await post('contact', body);
      expect(res.status).toBe(400);
      expect(await errorText(res)).toBe(text);
    }
  });
});

describe('the youth application', () => {
  it('e-mails the office the application, with the applicant as Reply-To', async () => {
    const before = smtp.to(OFFICE).length;
    const res = await post('youth-application', youth);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: { en: APPLICATION_SENT_TEXT } });
    const mail = await smtp.waitFor(OFFICE, before + 1);
    expect(mail.subject).toBe('Youth programme application: Alan Turing');
    expect(mail.headers['reply-to']).toBe('alan@example.com');
    for (const line of [
      'youth programme application form',
      'Phone: 07123 456789',
      'Age: 19',
      'networks are kept safe',
    ]) {
      expect(mail.text).toContain(line);
    }
  });

  it('sends what the applicant typed without the spaces around it', async () => {
    const before = smtp.to(OFFICE).length;
    const padded = {
      fullName: '  Mary Somerville ',
      emailAddress: ' mary@example.com  ',
      phoneNumber: ' 07123456789 ',
      age: 22,
      joinCause: '  To learn how to keep a small firm safe.  ',
    };
    expect((await post('youth-application', padded)).status).toBe(200);
    const mail = await smtp.waitFor(OFFICE, before + 1);
    expect(mail.subject).toBe('Youth programme application: Mary Somerville');
    expect(mail.headers['reply-to']).toBe('mary@example.com');
    const lines = mail.text.split(/\r?\n/);
    expect(lines).toEqual(
      expect.arrayContaining([
        'E-mail: mary@example.com',
        'Phone: 07123456789',
        'To learn how to keep a small firm safe.',
      ]),
    );
    const queued = await db
      .selectFrom('mail_queue')
      .select('kind')
      .where('text_body', 'like', '%small firm safe%')
      .execute();
    expect(queued).toEqual([{ kind: 'youth application' }]);
  });

  it('refuses an applicant outside 18 to 30', async () => {
    const res = await post('youth-application', { ...youth, age: 31 });
    expect(res.status).toBe(400);
    expect(await errorText(res)).toMatch(/18/);
  });
});

describe('strangers and robots', () => {
  it('a filled honeypot is answered as sent, and nothing is sent', async () => {
    const before = smtp.to(OFFICE).length;
    const address = uniqueAddress();
    const res = await post(
      'contact',
      { ...contact, message: 'Honeypot filled.', website: 'http://spam.example' },
      address,
    );
    expect(res.status).toBe(200);
    await settle();
    expect(smtp.to(OFFICE)).toHaveLength(before);
    const queued = await db
      .selectFrom('mail_queue')
      .select('id')
      .where('text_body', 'like', '%Honeypot filled.%')
      .execute();
    expect(queued).toEqual([]);
    // The operator sees which form the robot filled and from where.
    expect(logLines.filter((line) => line.event === 'form.honeypot')).toEqual([
      expect.objectContaining({
        kind: 'contact form',
        address,
        msg: 'a contact form filled the hidden field; not sent',
      }),
    ]);
  });

  it('ten forms an hour per address, then 429', async () => {
    const address = uniqueAddress();
    for (let i = 0; i < 10; i += 1) expect((await post('contact', contact, address)).status).toBe(200);
    expect((await post('youth-application', youth, address)).status).toBe(429);
    expect(securityEvents()).toContainEqual(
      expect.objectContaining({ event: 'limit.exceeded', limit: 'forms.address', address }),
    );
  });
});

describe('the site-wide cap on form mail', async () => {
  const office = 'held@northgate.test';
  const capped = await createTestServer({ SMTP_URL: smtp.url, OFFICE_EMAIL: office, FORM_MAIL_MAX_PER_HOUR: 3 });
  // A frozen Date: the hour's window ends exactly an hour after the first message.
  limitsFollow(capped.clock);
  const send = (n: number) =>
    capped.app.request(
      '/api/forms/contact',
      jsonInit('POST', { ...contact, message: `Message number ${n}, from a flood.` }),
      fromAddress(uniqueAddress()),
    );

  it('past it, every message is still answered and kept, held for later hours; the office is told once', async () => {
    for (let n = 1; n <= 8; n += 1) expect((await send(n)).status).toBe(200);
    await capped.app.mail.idle();
    await settle();
    const received = smtp.to(office);
    // Three go now, with one notice of the holding; none of the five others yet.
    expect(received.filter((mail) => mail.subject.startsWith('Contact form')).length).toBe(3);
    const notices = received.filter((mail) => mail.subject.startsWith('Form messages are being held'));
    expect(notices.length).toBe(1);
    expect(notices[0]!.text).toContain('More than 3 messages came through');
    const held = await capped.db
      .selectFrom('mail_queue')
      .select(['text_body', 'next_attempt_at'])
      .where('to_address', '=', office)
      .where('kind', '=', 'contact form')
      .where('sent_at', 'is', null)
      .orderBy('next_attempt_at')
      // Three share each hour: in the order they came (PostgreSQL sets no order among equals).
      .orderBy('id')
      .execute();
    expect(held.length).toBe(5);
    // In the order they came, three an hour: messages 4 to 6 within the hour after the window, 7 and 8 an hour on.
    const now = capped.clock.now().getTime();
    const hoursAway = held.map((row) => Math.ceil((Date.parse(row.next_attempt_at) - now) / 3_600_000));
    expect(hoursAway).toEqual([1, 1, 1, 2, 2]);
    expect(held.map((row) => /Message number (\d)/.exec(row.text_body)![1])).toEqual(['4', '5', '6', '7', '8']);
    // The first held go when the window ends, an hour after the first message; the next three an hour later.
    expect(held.map((row) => Date.parse(row.next_attempt_at) - now)).toEqual([1, 1, 1, 2, 2].map((h) => h * 3_600_000));
    const notice = await capped.db
      .selectFrom('mail_queue')
      .select('kind')
      .where('to_address', '=', office)
      .where('subject', 'like', 'Form messages are being held%')
      .execute();
    expect(notice).toEqual([{ kind: 'form mail held' }]);
    expect(capped.logLines.filter((line) => line.event === 'forms.held')).toEqual([
      expect.objectContaining({ perHour: 3, msg: 'form mail past the hourly cap is being held' }),
    ]);
  });
});
