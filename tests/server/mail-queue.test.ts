/**
 * The durable mail queue against a real SMTP server on loopback (docs/operating.md#mail-queue): a mail server
 * that is away and comes back, a sender that dies holding a message, a restart, two instances sending
 * together, codes that expire while they wait, and a day of failures.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '#server/app';
import { MINUTE_MS } from '#server/clock';
import {
  MAIL_GIVE_UP_MS,
  MAIL_RETRY_CAP_MS,
  claimMail,
  enqueueMail,
  mailQueueStats,
  retryDelayMs,
} from '#server/mail/queue';
import { createMailSender } from '#server/mail/sender';
import { createSmtpMailer } from '#server/mail/mailer';
import { DEFAULT_MAIL_CLAIM_SECONDS } from '#server/config';

const MAIL_CLAIM_MS = DEFAULT_MAIL_CLAIM_SECONDS * 1000;
import { cleanup, closeAfterAll, createCapturedLog, createTestServer, register } from './helpers';
import { type MailCatcher, startMailCatcher } from './mail-helpers';

afterAll(cleanup);

const message = (to: string, n = 1) => ({
  to,
  subject: `Queued message ${n}`,
  text: `Hello, this is message ${n}.`,
  html: `<!doctype html><p>Hello, this is message ${n}.</p>`,
});

/** A mail server that can be taken away and brought back on the same port. */
async function flakyMailServer() {
  let catcher: MailCatcher | null = await startMailCatcher();
  const url = catcher.url;
  const port = Number(new URL(url).port);
  const received: MailCatcher['messages'] = [];
  return {
    url,
    received,
    async away() {
      received.push(...catcher!.messages);
      await catcher!.close();
      catcher = null;
    },
    async back() {
      catcher = await startMailCatcher(port);
    },
    all: () => [...received, ...(catcher?.messages ?? [])],
    async close() {
      await catcher?.close();
    },
  };
}

describe('retries', () => {
  it('wait 10 s after the first failure, doubling, never more than 90 s', () => {
    expect([1, 2, 3, 4, 5, 6].map(retryDelayMs)).toEqual([10_000, 20_000, 40_000, 80_000, 90_000, 90_000]);
    expect(MAIL_RETRY_CAP_MS).toBeLessThan(2 * MINUTE_MS);
  });
});

describe('the mail server away, then back', () => {
  it('loses nothing: what was queued while it was away is delivered within two minutes of its return', async () => {
    const smtp = await flakyMailServer();
    const server = await createTestServer({ SMTP_URL: smtp.url });
    try {
      const customer = await register(server.app, { name: 'Patient Payer' });
      // The sign-up's own verification mail goes first, while the mail server is there.
      await vi.waitFor(async () =>
        expect(await mailQueueStats(server.db, server.clock.now())).toEqual({ depth: 0, oldestAgeSeconds: 0 }),
      );
      await smtp.away();
      // Ten messages fail, again and again, for a quarter of an hour.
      for (let n = 1; n <= 10; n += 1)
        await enqueueMail(server.db, message(customer.user.email, n), { kind: 'test', now: server.clock.now() });
      await server.app.mail.sendDue();
      for (let minute = 0; minute < 15; minute += 1) {
        server.clock.advance(MINUTE_MS);
        await server.app.mail.sendDue();
      }
      expect(await mailQueueStats(server.db, server.clock.now())).toEqual({ depth: 10, oldestAgeSeconds: 15 * 60 });
      const waiting = await server.db.selectFrom('mail_queue').select('attempts').where('kind', '=', 'test').execute();
      expect(Math.min(...waiting.map((row) => row.attempts))).toBeGreaterThan(5);

      await smtp.back();
      // Sweeps every 5 s (server/mail/sender.ts) for two minutes: everything is out.
      for (let waited = 0; waited < 2 * MINUTE_MS; waited += 5_000) {
        server.clock.advance(5_000);
        await server.app.mail.sendDue();
      }
      const delivered = smtp.all().filter((mail) => mail.subject.startsWith('Queued message'));
      expect(delivered.map((mail) => mail.subject).sort()).toEqual(
        Array.from({ length: 10 }, (_, i) => `Queued message ${i + 1}`).sort(),
      );
      expect(await mailQueueStats(server.db, server.clock.now())).toEqual({ depth: 0, oldestAgeSeconds: 0 });
    } finally {
      await smtp.close();
    }
  });

  it('keeps a message queued across a restart of the server, and the new instance sends it', async () => {
    const smtp = await flakyMailServer();
    const server = await createTestServer({ SMTP_URL: smtp.url });
    try {
      const customer = await register(server.app);
      // The sign-up's own verification mail goes first, while the mail server is there.
      await vi.waitFor(async () =>
        expect(await mailQueueStats(server.db, server.clock.now())).toEqual({ depth: 0, oldestAgeSeconds: 0 }),
      );
      await smtp.away();
      await enqueueMail(server.db, message(customer.user.email), { kind: 'test', now: server.clock.now() });
      await server.app.mail.sendDue();
      // The first instance stops; a new one starts on the same database.
      await server.app.close();
      const restarted = closeAfterAll(
        createApp({ db: server.db, config: server.config, clock: server.clock, log: createCapturedLog().log }),
      );
      await smtp.back();
      server.clock.advance(retryDelayMs(1));
      expect(await restarted.mail.sendDue()).toBe(1);
      expect(smtp.all().map((mail) => mail.subject)).toContain('Queued message 1');
    } finally {
      await smtp.close();
    }
  });
});

describe('a sender that dies mid-send', () => {
  it('holds the message only until its claim lapses; then another sends it, with the same Message-ID', async () => {
    const smtp = await startMailCatcher();
    const server = await createTestServer({ SMTP_URL: smtp.url });
    try {
      const id = await enqueueMail(server.db, message('held@example.com'), { kind: 'test', now: server.clock.now() });
      // The dead instance claimed it and never finished.
      const claim = { holder: 'dead-instance', now: server.clock.now(), forMs: MAIL_CLAIM_MS };
      expect(await claimMail(server.db, id, claim)).toBe(true);
      expect(await server.app.mail.sendDue()).toBe(0);
      server.clock.advance(MAIL_CLAIM_MS - 1000);
      expect(await server.app.mail.sendDue()).toBe(0);
      server.clock.advance(1000);
      expect(await server.app.mail.sendDue()).toBe(1);
      const [mail] = smtp.to('held@example.com');
      expect(mail!.headers['message-id']).toBe(`<${id}@northgate-consulting.example>`);
    } finally {
      await smtp.close();
    }
  });
});

describe('two instances sending together', () => {
  it('deliver each message exactly once', async () => {
    const smtp = await startMailCatcher();
    const server = await createTestServer({ SMTP_URL: smtp.url });
    try {
      const ids: string[] = [];
      for (let n = 1; n <= 30; n += 1) {
        ids.push(
          await enqueueMail(server.db, message('twice@example.com', n), { kind: 'test', now: server.clock.now() }),
        );
      }
      const senders = ['instance-a', 'instance-b'].map((holder) =>
        createMailSender({
          db: server.db,
          clock: server.clock,
          mailer: createSmtpMailer(smtp.url, server.clock),
          log: createCapturedLog().log,
          claimMs: MAIL_CLAIM_MS,
          holder,
        }),
      );
      const sent = await Promise.all([...senders, ...senders].map((sender) => sender.sendDue()));
      expect(sent.reduce((a, b) => a + b, 0)).toBe(30);
      const received = smtp.to('twice@example.com');
      expect(received).toHaveLength(30);
      expect(new Set(received.map((mail) => mail.headers['message-id'])).size).toBe(30);
    } finally {
      await smtp.close();
    }
  });
});

describe('a message that cannot be read', () => {
  it('does not keep the ones sent beside it from being marked sent', async () => {
    const smtp = await startMailCatcher();
    const server = await createTestServer({ SMTP_URL: smtp.url });
    try {
      const ids: string[] = [];
      for (let n = 1; n <= 3; n += 1) {
        ids.push(
          await enqueueMail(server.db, message('beside@example.com', n), { kind: 'test', now: server.clock.now() }),
        );
      }
      // A damaged row: its calendar part is not JSON, so loading it throws.
      await server.db.updateTable('mail_queue').set({ calendar: '{' }).where('id', '=', ids[1]!).execute();
      const sender = createMailSender({
        db: server.db,
        clock: server.clock,
        mailer: createSmtpMailer(smtp.url, server.clock),
        log: createCapturedLog().log,
        claimMs: MAIL_CLAIM_MS,
      });
      await expect(sender.sendDue()).rejects.toThrow();
      expect(smtp.to('beside@example.com')).toHaveLength(2);
      const rows = await server.db
        .selectFrom('mail_queue')
        .select(['id', 'end_reason'])
        .where('id', 'in', ids)
        .execute();
      const reasons = Object.fromEntries(rows.map((row) => [row.id, row.end_reason]));
      expect([reasons[ids[0]!], reasons[ids[1]!], reasons[ids[2]!]]).toEqual(['sent', null, 'sent']);
    } finally {
      await smtp.close();
    }
  });
});

describe('messages that can no longer help', () => {
  it('a code whose time has passed is dropped, never sent late', async () => {
    const smtp = await flakyMailServer();
    const server = await createTestServer({ SMTP_URL: smtp.url });
    try {
      await smtp.away();
      const expiresAt = new Date(server.clock.now().getTime() + 15 * MINUTE_MS);
      const id = await enqueueMail(server.db, message('late@example.com'), {
        kind: 'test code',
        now: server.clock.now(),
        expiresAt,
      });
      await server.app.mail.sendDue();
      server.clock.advance(15 * MINUTE_MS);
      await smtp.back();
      await server.app.mail.sendDue();
      expect(smtp.all()).toEqual([]);
      const row = await server.db
        .selectFrom('mail_queue')
        .select(['end_reason', 'sent_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ end_reason: 'expired', sent_at: null });
    } finally {
      await smtp.close();
    }
  });

  it('a message that failed for a day is given up, with a security-log line', async () => {
    const smtp = await flakyMailServer();
    const server = await createTestServer({ SMTP_URL: smtp.url });
    try {
      await smtp.away();
      const id = await enqueueMail(server.db, message('gone@example.com'), { kind: 'test', now: server.clock.now() });
      await server.app.mail.sendDue();
      for (let waited = 0; waited <= MAIL_GIVE_UP_MS; waited += MAIL_RETRY_CAP_MS * 20) {
        server.clock.advance(MAIL_RETRY_CAP_MS * 20);
        await server.app.mail.sendDue();
      }
      const row = await server.db
        .selectFrom('mail_queue')
        .select(['end_reason'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.end_reason).toBe('gave_up');
      expect(server.securityEvents()).toContainEqual(
        expect.objectContaining({ event: 'mail.gave_up', mailId: id, kind: 'test' }),
      );
      await smtp.back();
      server.clock.advance(MAIL_RETRY_CAP_MS);
      expect(await server.app.mail.sendDue()).toBe(0);
    } finally {
      await smtp.close();
    }
  });
});

describe('a change and its mail', () => {
  it('commit together: a payment that rolls back leaves no receipt queued', async () => {
    const server = await createTestServer();
    await expect(
      server.db.transaction().execute(async (trx) => {
        await enqueueMail(trx, message('never@example.com'), { kind: 'test', now: server.clock.now() });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await mailQueueStats(server.db, server.clock.now())).toEqual({ depth: 0, oldestAgeSeconds: 0 });
  });
});
