/**
 * The mail queue's rows one operation at a time (server/mail/queue-repository.ts, sender.ts, send-now.ts): who may
 * claim a message, how it ends, what the queue's gauges say, and what a code mail sent "now" answers when it went,
 * when another sender holds it, and when the mail server is away.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '#server/clock';
import { claimMail, endMail, enqueueMail, findLastError, mailQueueStats } from '#server/mail/queue';
import { queueAndSendNow } from '#server/mail/send-now';
import { cleanup, createTestServer } from './helpers';
import { startMailCatcher } from './mail-helpers';

afterAll(cleanup);

const letter = (subject: string) => ({
  to: 'reader@example.com',
  subject,
  text: `${subject}.`,
  html: `<p>${subject}</p>`,
});
const CLAIM = { holder: 'other instance', forMs: MINUTE_MS };
/** A port nothing listens on: the connection is refused at once. */
const NO_MAIL_SERVER = 'smtp://127.0.0.1:9';

async function row(db: Awaited<ReturnType<typeof createTestServer>>['db'], id: string) {
  return db
    .selectFrom('mail_queue')
    .select(['end_reason', 'ended_at', 'sent_at', 'claimed_by', 'last_error'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('a claim', () => {
  it('is taken once, lapses after its time, and never on a message that ended or is not yet due', async () => {
    const { db, clock } = await createTestServer();
    const id = await enqueueMail(db, letter('Claimed'), { kind: 'test', now: clock.now() });
    expect(await claimMail(db, id, { ...CLAIM, now: clock.now() })).toBe(true);
    expect(await claimMail(db, id, { ...CLAIM, holder: 'this instance', now: clock.now() })).toBe(false);
    clock.advance(MINUTE_MS);
    expect(await claimMail(db, id, { ...CLAIM, holder: 'this instance', now: clock.now() })).toBe(true);
    expect(await endMail(db, id, 'sent', clock.now())).toBe(true);
    expect(await claimMail(db, id, { ...CLAIM, now: clock.now() })).toBe(false);

    const held = await enqueueMail(db, letter('Held'), {
      kind: 'test',
      now: clock.now(),
      notBefore: new Date(clock.now().getTime() + MINUTE_MS),
    });
    expect(await claimMail(db, held, { ...CLAIM, now: clock.now() })).toBe(false);
  });
});

describe('the end of a message', () => {
  it('is written once; only a sent message has a time it was sent', async () => {
    const { db, clock } = await createTestServer();
    const sent = await enqueueMail(db, letter('Sent'), { kind: 'test', now: clock.now() });
    const dropped = await enqueueMail(db, letter('Dropped'), { kind: 'test', now: clock.now() });
    clock.advance(1_000);
    expect(await endMail(db, sent, 'sent', clock.now())).toBe(true);
    expect(await endMail(db, dropped, 'expired', clock.now())).toBe(true);
    expect(await endMail(db, sent, 'cancelled', clock.now())).toBe(false);
    expect(await row(db, sent)).toMatchObject({ end_reason: 'sent', sent_at: clock.now().toISOString() });
    expect(await row(db, dropped)).toMatchObject({ end_reason: 'expired', sent_at: null });
  });

  it('by cancelling leaves alone a message another sender holds, and ends one that waits', async () => {
    const { app, db, clock } = await createTestServer();
    const held = await enqueueMail(db, letter('Held'), { kind: 'test', now: clock.now() });
    const waiting = await enqueueMail(db, letter('Waiting'), { kind: 'test', now: clock.now() });
    await claimMail(db, held, { ...CLAIM, now: clock.now() });
    expect(await app.mail.cancel(held)).toBe(false);
    expect(await row(db, held)).toMatchObject({ end_reason: null, claimed_by: CLAIM.holder });
    expect(await app.mail.cancel(waiting)).toBe(true);
    expect(await row(db, waiting)).toMatchObject({ end_reason: 'cancelled', sent_at: null });
  });
});

describe('the gauges', () => {
  it('count what waits and how long the oldest has waited, never less than nothing', async () => {
    const { db, clock } = await createTestServer();
    expect(await mailQueueStats(db, clock.now())).toEqual({ depth: 0, oldestAgeSeconds: 0 });
    const first = await enqueueMail(db, letter('First'), { kind: 'test', now: clock.now() });
    clock.advance(90_000);
    await enqueueMail(db, letter('Second'), { kind: 'test', now: clock.now() });
    clock.advance(30_400);
    expect(await mailQueueStats(db, clock.now())).toEqual({ depth: 2, oldestAgeSeconds: 120 });
    await endMail(db, first, 'sent', clock.now());
    expect(await mailQueueStats(db, clock.now())).toEqual({ depth: 1, oldestAgeSeconds: 30 });
    // Read on an instance whose clock runs a minute behind the one that queued it.
    expect(await mailQueueStats(db, new Date(clock.now().getTime() - 2 * MINUTE_MS))).toEqual({
      depth: 1,
      oldestAgeSeconds: 0,
    });
  });

  it('keep why the last try failed, and nothing for a message that never failed or is gone', async () => {
    const { app, db, clock } = await createTestServer({ SMTP_URL: NO_MAIL_SERVER });
    const id = await enqueueMail(db, letter('Refused'), { kind: 'test', now: clock.now() });
    expect(await findLastError(db, id)).toBeUndefined();
    expect(await app.mail.deliver(id)).toBe('retry');
    expect(await findLastError(db, id)).toMatch(/ECONNREFUSED/);
    expect(await findLastError(db, '00000000-0000-7000-8000-000000000000')).toBeUndefined();
  });
});

describe('a code mail sent now', () => {
  const inFiveMinutes = (now: Date) => new Date(now.getTime() + 5 * MINUTE_MS);

  it('is true when it went, and the message ends sent', async () => {
    const smtp = await startMailCatcher();
    const server = await createTestServer({ SMTP_URL: smtp.url });
    try {
      const services = { ...server, mail: server.app.mail };
      const options = { kind: 'code', expiresAt: inFiveMinutes(server.clock.now()) };
      expect(await queueAndSendNow(services, letter('Your code'), options)).toBe(true);
      expect(smtp.messages.map((mail) => mail.subject)).toEqual(['Your code']);
      const [sent] = await server.db.selectFrom('mail_queue').select(['end_reason', 'sent_at']).execute();
      expect(sent).toEqual({ end_reason: 'sent', sent_at: server.clock.now().toISOString() });
    } finally {
      await smtp.close();
    }
  });

  it('is true when another sender took it first: that one sends it, and it is not withdrawn', async () => {
    const server = await createTestServer({ SMTP_URL: NO_MAIL_SERVER });
    const { db, clock } = server;
    const mail = {
      ...server.app.mail,
      async deliver(id: string) {
        await claimMail(db, id, { ...CLAIM, now: clock.now() });
        return server.app.mail.deliver(id);
      },
    };
    const options = { kind: 'code', expiresAt: inFiveMinutes(clock.now()) };
    expect(await queueAndSendNow({ ...server, mail }, letter('Your code'), options)).toBe(true);
    const [waiting] = await db.selectFrom('mail_queue').select(['end_reason', 'claimed_by']).execute();
    expect(waiting).toEqual({ end_reason: null, claimed_by: CLAIM.holder });
  });

  it('is false when the mail server is away: withdrawn, with the reason in the log, never sent later', async () => {
    const server = await createTestServer({ SMTP_URL: NO_MAIL_SERVER });
    const services = { ...server, mail: server.app.mail };
    const options = { kind: 'code', expiresAt: inFiveMinutes(server.clock.now()) };
    expect(await queueAndSendNow(services, letter('Your code'), options)).toBe(false);
    const [withdrawn] = await server.db.selectFrom('mail_queue').select(['id', 'end_reason']).execute();
    expect(withdrawn!.end_reason).toBe('cancelled');
    const failed = server.logLines.find((line) => line.event === 'mail.failed' && line.level === 50);
    expect(failed).toMatchObject({ kind: 'code', mailId: withdrawn!.id, msg: 'could not send the code e-mail' });
    expect((failed!.err as { message: string }).message).toMatch(/ECONNREFUSED/);
  });
});
