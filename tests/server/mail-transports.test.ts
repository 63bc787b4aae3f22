/**
 * The two ways a message leaves (server/mail/mailer.ts): SMTP, with the queue's id as its Message-ID and its
 * attachments, and the outbox a machine without SMTP_URL writes, which `npm run outbox` and the tests read.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer, createOutboxMailer, createSmtpMailer, outboxDir, readOutbox } from '#server/mail/mailer';
import { company } from '#domain/company';
import { cleanup, createDataDir, createTestClock } from './helpers';
import { startMailCatcher } from './mail-helpers';

afterAll(cleanup);

const letter = (subject: string) => ({
  to: 'reader@example.com',
  subject,
  text: `${subject}.`,
  html: `<p>${subject}.</p>`,
});
const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff]);

describe('SMTP', () => {
  it('sends the queue id as the Message-ID on our domain, and each attachment with its bytes', async () => {
    const smtp = await startMailCatcher();
    const mailer = createSmtpMailer(smtp.url, createTestClock());
    try {
      await mailer.send({
        ...letter('With a file'),
        id: '0192a3b4-c5d6-7e8f-9a0b-1c2d3e4f5a6b',
        // A view into a larger buffer: only its own bytes are sent.
        attachments: [{ filename: 'invoice.pdf', contentType: 'application/pdf', content: PDF.subarray(1, 6) }],
      });
      const [received] = smtp.messages;
      expect(received!.headers['message-id']).toBe(
        '<0192a3b4-c5d6-7e8f-9a0b-1c2d3e4f5a6b@northgate-consulting.example>',
      );
      expect(received!.from).toBe(company.mailFrom);
      const file = received!.parts.find((part) => part.filename === 'invoice.pdf');
      expect(file?.type).toBe('application/pdf');
      expect([...file!.bytes]).toEqual([...PDF.subarray(1, 6)]);
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it('is the transport whenever SMTP_URL is set; the outbox otherwise', async () => {
    const smtp = await startMailCatcher();
    const dataDir = createDataDir();
    try {
      const viaSmtp = createMailer({ SMTP_URL: smtp.url, DATA_DIR: dataDir });
      await viaSmtp.send(letter('Over the wire'));
      viaSmtp.close();
      await createMailer({ SMTP_URL: undefined, DATA_DIR: dataDir }).send(letter('Into the outbox'));
      expect(smtp.messages.map((mail) => mail.subject)).toEqual(['Over the wire']);
      expect(readOutbox(outboxDir(dataDir)).map((mail) => mail.subject)).toEqual(['Into the outbox']);
    } finally {
      await smtp.close();
    }
  });
});

describe('the outbox', () => {
  it('keeps each message in a file only its owner reads, named by its time, with its attachments listed', async () => {
    const dir = outboxDir(createDataDir());
    const clock = createTestClock(new Date('2026-03-04T05:06:07.089Z'));
    await createOutboxMailer(dir, clock).send({
      ...letter('Your invoice'),
      attachments: [{ filename: 'invoice.pdf', contentType: 'application/pdf', content: PDF }],
    });
    const [name] = readdirSync(dir);
    expect(name).toMatch(/^2026-03-04T05-06-07-089Z-[0-9a-f]{8}\.json$/);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, name!)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(join(dir, name!), 'utf8'))).toEqual({
      ...letter('Your invoice'),
      from: company.mailFrom,
      date: '2026-03-04T05:06:07.089Z',
      attachments: [{ filename: 'invoice.pdf', contentType: 'application/pdf', size: PDF.byteLength }],
    });
  });

  it('lists by the time in the name, newest first, whatever order the files were written in', async () => {
    const dir = outboxDir(createDataDir());
    for (const minute of [3, 0, 5, 1, 4, 2]) {
      const clock = createTestClock(new Date(Date.UTC(2026, 0, 5, 9, minute)));
      await createOutboxMailer(dir, clock).send(letter(`Minute ${minute}`));
    }
    const newestFirst = [5, 4, 3, 2, 1, 0].map((minute) => `Minute ${minute}`);
    expect(readOutbox(dir).map((mail) => mail.subject)).toEqual(newestFirst);
    expect(readOutbox(dir, 2).map((mail) => mail.subject)).toEqual(newestFirst.slice(0, 2));
    expect(readOutbox(dir)[0]!.file).toMatch(/^2026-01-05T09-05-00-000Z-[0-9a-f]{8}\.json$/);
  });

  it('reads only whole messages: no file being written, no hidden file, nothing but JSON', async () => {
    const dir = outboxDir(createDataDir());
    await createOutboxMailer(dir, createTestClock()).send(letter('Whole'));
    writeFileSync(join(dir, '.2026-01-05T09-00-01-000Z-00000000.json.tmp'), '{"subject": "half');
    writeFileSync(join(dir, '.2026-01-05T09-00-02-000Z-00000000.json'), '{"subject": "hidden"}');
    writeFileSync(join(dir, '2026-01-05T09-00-03-000Z-notes.txt'), 'not a message');
    expect(readOutbox(dir).map((mail) => mail.subject)).toEqual(['Whole']);
  });

  it('is empty before the first message; a folder it cannot read is an error, not an empty outbox', () => {
    const dataDir = createDataDir();
    expect(readOutbox(outboxDir(dataDir))).toEqual([]);
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(outboxDir(dataDir), 'a file where the folder should be');
    expect(() => readOutbox(outboxDir(dataDir))).toThrow(/ENOTDIR/);
  });
});
