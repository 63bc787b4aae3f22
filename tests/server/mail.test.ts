import { execFile } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '#server/config';
import { ConfigError } from '#server/config-values';
import { escapeHtml, html } from '#server/mail/html';
import { createOutboxMailer, outboxDir, readOutbox } from '#server/mail/mailer';
import { SIGN_UP_VERIFICATION_SUBJECT, formatLongDate, formatPounds } from '#server/mail/messages';
import { company } from '#domain/company';
import {
  MINUTE,
  ORDER,
  bearer,
  cleanup,
  createDataDir,
  createTestClock,
  createTestServer,
  jsonInit,
  paymentLink,
  register,
  uniqueEmail,
  type TestApp,
} from './helpers';
import { codeIn, expectWellFormed, settle, startMailCatcher } from './mail-helpers';

/** tsx's command, found as Node finds modules: a copy of the project whose node_modules is a link has no .bin here. */
const TSX_CLI = createRequire(import.meta.url).resolve('tsx/cli');

const smtp = await startMailCatcher();
afterAll(async () => {
  await settle();
  await smtp.close();
  await cleanup();
});

function sendVerification(app: TestApp, token: string) {
  return app.request('/api/users/verify/email', { headers: bearer(token) });
}

async function pay(app: TestApp, token: string, order: unknown = ORDER) {
  const url = new URL(await paymentLink(app, token, order));
  const res = await app.request(`${url.pathname}/pay`, {
    method: 'POST',
    body: new URLSearchParams({ sig: url.searchParams.get('sig') ?? '' }),
  });
  expect(res.status).toBe(303);
}

describe('SMTP_URL', () => {
  it('accepts smtp:// and smtps:// URLs and refuses anything else without echoing the URL', () => {
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).SMTP_URL).toBe('smtp://127.0.0.1:2525');
    expect(loadConfig({ SMTP_URL: 'smtps://user:pass@mail.example.com' }).SMTP_URL).toBe(
      'smtps://user:pass@mail.example.com',
    );
    expect(() => loadConfig({ SMTP_URL: 'http://user:secret@mail.example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMTP_URL: 'http://user:secret@mail.example.com' })).not.toThrow(/secret/);
    expect(() => loadConfig({ SMTP_URL: 'not a url' })).toThrow('SMTP_URL must be an smtp:// or smtps:// URL.');
  });
});

describe('mail over SMTP', () => {
  it('sends every kind of message with a text and an HTML body, from company.mailFrom', async () => {
    const { app } = await createTestServer({ SMTP_URL: smtp.url });
    const account = await register(app);
    const email = account.user.email;
    expect((await sendVerification(app, account.token)).status).toBe(200);
    await smtp.waitFor(email, 1);
    expect((await app.request(`/api/users/password/forgot?email=${encodeURIComponent(email)}`)).status).toBe(200);
    await smtp.waitFor(email, 2);
    await pay(app, account.token);
    await smtp.waitFor(email, 3);
    expect((await app.request('/api/users/account/deletion/request', { headers: bearer(account.token) })).status).toBe(
      200,
    );
    await smtp.waitFor(email, 4);

    const mails = smtp.to(email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Verify your e-mail address for ${company.name}`,
      `Your ${company.name} password reset code`,
      `Receipt: ${ORDER.title} (£49.00)`,
      expect.stringMatching(new RegExp(`^Your ${company.name} account will be deleted on \\d{1,2} \\w+ \\d{4}$`)),
    ]);
    for (const mail of mails) {
      expectWellFormed(mail, company.mailFrom);
      expect(mail.to).toBe(email);
      expect(mail.headers['date']).toBeDefined();
      expect(mail.html).toContain(company.name);
      expect(mail.text).toContain(company.name);
    }
  });

  it('escapes the customer’s own values in the HTML (and keeps them as typed in the text)', async () => {
    const { app, db } = await createTestServer({ SMTP_URL: smtp.url });
    const account = await register(app, { name: '<b>x</b>' });
    // A proven address is greeted by the name (an unproven one by none): the reset code's mail.
    await db.updateTable('users').set({ email_verified: 1 }).where('id', '=', account.user.id).execute();
    const email = encodeURIComponent(account.user.email);
    expect((await app.request(`/api/users/password/forgot?email=${email}`)).status).toBe(200);
    const mail = await smtp.waitFor(account.user.email);
    expect(mail.html).toContain('Hello &lt;b&gt;x&lt;/b&gt;,');
    expect(mail.html).not.toContain('<b>x</b>');
    expect(mail.text).toContain('Hello <b>x</b>,');

    await pay(app, account.token, { ...ORDER, url: '"><img src=x onerror=alert(1)>' });
    const receipt = await smtp.waitFor(account.user.email, 2);
    expect(receipt.html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(receipt.html).not.toContain('<img');
    expect(receipt.html).not.toContain('<b>x</b>');
  });

  it('reads the code from a real message: it is the code that works', async () => {
    const { app } = await createTestServer({ SMTP_URL: smtp.url });
    const account = await register(app);
    await sendVerification(app, account.token);
    const code = codeIn(await smtp.waitFor(account.user.email));
    const res = await app.request('/api/users/verify/email', jsonInit('POST', { code }, bearer(account.token)));
    expect(res.status).toBe(200);
  });
});

describe('the outbox (no SMTP_URL)', () => {
  it('writes each message as one JSON file under DATA_DIR/outbox', async () => {
    const { app, config } = await createTestServer();
    expect(config.SMTP_URL).toBeUndefined();
    const account = await register(app, { name: 'Outbox Reader' });
    expect((await sendVerification(app, account.token)).status).toBe(200);

    const dir = outboxDir(config.DATA_DIR);
    expect(dir).toBe(join(config.DATA_DIR, 'outbox'));
    // Two messages: the sign-up's own verification mail (sent in the background) and the one asked for here.
    await app.mail.idle();
    const files = readdirSync(dir);
    expect(files).toHaveLength(2);
    expect(files.every((file) => file.endsWith('.json'))).toBe(true);
    const messages = files.map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, string>);
    expect(messages.filter((message) => message.subject === SIGN_UP_VERIFICATION_SUBJECT)).toHaveLength(1);
    const stored = messages.find((message) => message.subject !== SIGN_UP_VERIFICATION_SUBJECT)!;
    // The outbox is one transport of the mail queue: the message keeps the queue's id.
    expect(Object.keys(stored).sort()).toEqual(['date', 'from', 'html', 'id', 'subject', 'text', 'to']);
    expect(stored.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(stored).toMatchObject({ to: account.user.email, from: company.mailFrom });
    expect(stored.text!.split(/\r?\n/)[0]).toBe('Hello,');
    expect(stored.html).toMatch(/^<!doctype html>/i);
    expect(new Date(stored.date!).toISOString()).toBe(stored.date);

    // The code in the outbox is the one that works.
    const code = /^\s*(\d{6})\s*$/m.exec(stored.text!)?.[1];
    const res = await app.request('/api/users/verify/email', jsonInit('POST', { code }, bearer(account.token)));
    expect(res.status).toBe(200);
  });

  it('receives the background mail too (password reset code)', async () => {
    const { app, config } = await createTestServer();
    const account = await register(app);
    await app.request(`/api/users/password/forgot?email=${encodeURIComponent(account.user.email)}`);
    await app.request(`/api/users/password/forgot?email=${encodeURIComponent(uniqueEmail('nobody'))}`);
    const dir = outboxDir(config.DATA_DIR);
    // The sign-up's verification mail, then the reset code; nothing to the unknown address.
    await vi.waitFor(() => expect(readOutbox(dir)).toHaveLength(2));
    await settle();
    expect(readOutbox(dir).map((message) => `${message.to}: ${message.subject}`)).toEqual(
      expect.arrayContaining([
        `${account.user.email}: Your ${company.name} password reset code`,
        `${account.user.email}: Welcome to ${company.name}: verify your e-mail address`,
      ]),
    );
  });

  it('lists newest first, and `npm run outbox` prints the last 10 with their text', async () => {
    const dataDir = createDataDir();
    const clock = createTestClock();
    const mailer = createOutboxMailer(outboxDir(dataDir), clock);
    for (let i = 1; i <= 12; i += 1) {
      await mailer.send({
        to: `n${i}@example.com`,
        subject: `Message ${i}`,
        text: `Body of message ${i}`,
        html: `<p>${i}</p>`,
      });
      clock.advance(MINUTE);
    }
    expect(readOutbox(outboxDir(dataDir)).map((message) => message.subject)).toEqual(
      Array.from({ length: 12 }, (_, i) => `Message ${12 - i}`),
    );

    const { stdout } = await promisify(execFile)(process.execPath, [TSX_CLI, 'scripts/outbox.ts'], {
      env: { ...process.env, DATA_DIR: dataDir },
    });
    const subjects = [...stdout.matchAll(/^Subject: (.+)$/gm)].map((match) => match[1]);
    expect(subjects).toEqual(Array.from({ length: 10 }, (_, i) => `Message ${12 - i}`));
    expect(stdout).toContain('Body of message 12');
    expect(stdout).toContain('Body of message 3');
    expect(stdout).not.toContain('Body of message 2\n');
    expect(stdout).toContain(`From:    ${company.mailFrom}`);
  });

  it('`npm run outbox` says so when there is nothing', async () => {
    const dataDir = createDataDir();
    const { stdout } = await promisify(execFile)(process.execPath, [TSX_CLI, 'scripts/outbox.ts'], {
      env: { ...process.env, DATA_DIR: dataDir },
    });
    expect(stdout).toContain('No messages in');
  });
});

describe('mail helpers', () => {
  it('escape HTML and format dates and money the British way', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const inner = html`<br />`;
    expect(
      html`<p>${'<i>'}</p>
        ${inner}`.value.replace(/\s+/g, ''),
    ).toBe('<p>&lt;i&gt;</p><br/>');
    expect(formatLongDate(new Date('2026-01-19T09:00:00Z'))).toBe('19 January 2026');
    expect(formatLongDate(new Date('2026-03-01T23:30:00Z'))).toBe('1 March 2026');
    expect(formatPounds(4900)).toBe('£49.00');
    expect(formatPounds(5)).toBe('£0.05');
  });
});
