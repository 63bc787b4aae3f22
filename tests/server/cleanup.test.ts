/**
 * The hourly clean-up and what the data folder looks like on disk: old visit records and ended sessions go,
 * the folder is 0700 and the database files 0600.
 */
import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE, openDatabase } from '#server/db/database';
import { migrate } from '#server/db/migrate';
import { runCleanup } from '#server/jobs/cleanup';
import { UNKNOWN_PLACE } from '#machines/visit.machine';
import { ACCOUNT_DELETION_GRACE_DAYS, INVOICE_RETENTION_YEARS } from '#domain/policies';
import {
  DAY,
  MINUTE,
  ORDER,
  authenticate,
  bearer,
  cleanup,
  createCapturedLog,
  createDataDir,
  createTestServer,
  jsonInit,
  paymentLink,
  register,
} from './helpers';

afterAll(cleanup);

/** What a clean-up with nothing to do answers. */
const NOTHING = {
  deletedAccounts: 0,
  endedSessions: 0,
  oldVisits: 0,
  expiredInvoiceRecords: 0,
  expiredIdempotencyKeys: 0,
  expiredCodeTickets: 0,
  endedMail: 0,
  endedBookingLinks: 0,
};

/** An anonymous visit whose location lookup failed. */
const VISIT = { user: null, ...UNKNOWN_PLACE, visitDate: '2026-01-05', visitTime: '09:00:00' };

describe('the hourly clean-up', () => {
  it('deletes visit records older than VISIT_RETENTION_DAYS and sessions that ended, and keeps the rest', async () => {
    const server = await createTestServer({ VISIT_RETENTION_DAYS: 30 });
    const { app, db, clock, config } = server;
    const record = (visitor: string) => app.request('/api/users/record-visit', jsonInit('POST', { ...VISIT, visitor }));
    expect((await record('visitor-old-0001')).status).toBe(204);
    clock.advance(20 * DAY);
    expect((await record('visitor-new-0001')).status).toBe(204);

    clock.advance(10 * DAY + 1000);
    const live = await register(app);
    const ended = await register(app);
    await app.request('/api/auth/logout', { method: 'POST', headers: bearer(ended.token) });

    const { log, lines } = createCapturedLog();
    const result = await runCleanup({ db, clock, config, log });
    expect(result).toEqual({ ...NOTHING, oldVisits: 1, endedSessions: 1 });
    // The operator's one line names what went, the steps that removed nothing included.
    expect(lines.filter((line) => line.msg === 'clean-up done')).toEqual([
      expect.objectContaining({ level: 30, job: 'cleanup', ...result }),
    ]);
    const visitors = (await db.selectFrom('visits').select('visitor').execute()).map((row) => row.visitor);
    expect(visitors).toEqual(['visitor-new-0001']);
    expect((await authenticate(app, live.token)).status).toBe(200);
    expect(await db.selectFrom('sessions').select('id').where('user_id', '=', ended.user.id).execute()).toEqual([]);
  });
});

describe('the data folder', () => {
  it('is created 0700, with the database files 0600', async () => {
    const dataDir = join(createDataDir(), 'data');
    const db = openDatabase(dataDir);
    await migrate(db);
    await db.destroy();
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dataDir, DATABASE_FILE)).mode & 0o777).toBe(0o600);
    // Opened again: the journal files SQLite makes for it have its mode too.
    const again = openDatabase(dataDir);
    await again.selectFrom('users').select('id').execute();
    for (const suffix of ['-wal', '-shm'])
      expect(statSync(join(dataDir, DATABASE_FILE + suffix)).mode & 0o777).toBe(0o600);
    await again.destroy();
  });

  it('is tightened to 0700 when it was there already, more open', async () => {
    const dataDir = join(createDataDir(), 'existing');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    const db = openDatabase(dataDir);
    await db.destroy();
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  });
});

describe('the clean-up, step by step', () => {
  /** A database with one record due in every step; `clock` then stands where all of them are due. */
  async function oneOfEach() {
    const server = await createTestServer({ VISIT_RETENTION_DAYS: 7 });
    const { app, db, clock } = server;
    const leaving = await register(app);
    const deletion = { method: 'POST', headers: bearer(leaving.token) };
    expect((await app.request('/api/users/account/deletion/request', deletion)).status).toBe(200);
    // The account's mails (welcome, deletion) are sent before the clock moves: both ended long enough ago to go.
    await app.mail.idle();
    const visit = jsonInit('POST', { ...VISIT, visitor: 'visitor-old-0002' });
    expect((await app.request('/api/users/record-visit', visit)).status).toBe(204);
    clock.advance(ACCOUNT_DELETION_GRACE_DAYS * DAY);
    const staying = await register(app);
    const ended = await register(app);
    await app.request('/api/auth/logout', { method: 'POST', headers: bearer(ended.token) });
    const invoiceId = new URL(await paymentLink(app, staying.token)).pathname.split('/').pop()!;
    const ago = (ms: number) => new Date(clock.now().getTime() - ms).toISOString();
    const long = ago((INVOICE_RETENTION_YEARS * 366 + 1) * DAY);
    const detached = { user_id: null, amount_pence: 4900, title: ORDER.title, type: ORDER.type, url: '', paid: 1 };
    await db
      .insertInto('invoices')
      .values({ ...detached, id: 'detached-paid', paid_at: long, created_at: long, provider: 'sandbox' })
      .execute();
    await db
      .insertInto('idempotency_keys')
      .values({
        user_id: staying.user.id,
        idempotency_key: 'old',
        invoice_id: invoiceId,
        fingerprint: 'f',
        created_at: ago(2 * DAY),
      })
      .execute();
    await db
      .insertInto('code_tickets')
      .values({
        ticket_hash: 'a'.repeat(64),
        user_id: staying.user.id,
        purpose: 'password_reset',
        email: staying.user.email,
        code_hash: 'b'.repeat(64),
        attempts: 0,
        created_at: ago(DAY),
        expires_at: ago(MINUTE),
      })
      .execute();
    const sent = ago(8 * DAY);
    await db
      .insertInto('mail_queue')
      .values({
        id: 'ended-mail',
        kind: 'test',
        to_address: staying.user.email,
        subject: 'Sent long ago',
        text_body: 'text',
        html_body: '<p>text</p>',
        created_at: sent,
        next_attempt_at: sent,
        attempts: 1,
        sent_at: sent,
        ended_at: sent,
        end_reason: 'sent',
      })
      .execute();
    await db.updateTable('orders').set({ status: 'delivered' }).where('invoice_id', '=', invoiceId).execute();
    await db
      .insertInto('booking_links')
      .values({ token_hash: 'c'.repeat(64), invoice_id: invoiceId, created_at: ago(DAY) })
      .execute();
    await app.mail.idle();
    return { ...server, leaving };
  }

  const ONE_OF_EACH = {
    deletedAccounts: 1,
    endedSessions: 1,
    oldVisits: 1,
    expiredInvoiceRecords: 1,
    expiredIdempotencyKeys: 1,
    expiredCodeTickets: 1,
    // The row put in, and the leaving account's two mails.
    endedMail: 3,
    endedBookingLinks: 1,
  };

  it('removes what each step has due, logs it in one line and each deleted account as a security event', async () => {
    const { db, clock, config, leaving } = await oneOfEach();
    const { log, lines } = createCapturedLog();
    expect(await runCleanup({ db, clock, config, log })).toEqual(ONE_OF_EACH);
    expect(lines).toEqual([
      expect.objectContaining({ log: 'security', event: 'account.deleted', userId: leaving.user.id }),
      expect.objectContaining({ level: 30, msg: 'clean-up done', job: 'cleanup', ...ONE_OF_EACH }),
    ]);
    // Nothing left to remove: the next run says nothing.
    expect(await runCleanup({ db, clock, config, log })).toEqual(NOTHING);
    expect(lines).toHaveLength(2);
  });

  it('runs the other steps when one fails, and names the failed step', async () => {
    const { db, clock, config } = await oneOfEach();
    await sql`ALTER TABLE mail_queue RENAME TO mail_queue_away`.execute(db);
    const { log, lines } = createCapturedLog();
    expect(await runCleanup({ db, clock, config, log })).toEqual({ ...ONE_OF_EACH, endedMail: 0 });
    expect(lines.filter((line) => line.level === 50)).toEqual([
      expect.objectContaining({ job: 'ended mail', msg: 'clean-up step ended mail failed' }),
    ]);
    const done = lines.find((line) => line.msg === 'clean-up done');
    expect(done).toMatchObject({ ...ONE_OF_EACH, endedMail: 0 });
  });

  it('logs each step that fails by its name and removes nothing when the database refuses every query', async () => {
    const { db, clock, config } = await createTestServer();
    const refusing = db.withPlugin({
      transformQuery() {
        throw new Error('the database refused');
      },
      transformResult: ({ result }) => Promise.resolve(result),
    });
    const { log, lines } = createCapturedLog();
    expect(await runCleanup({ db: refusing, clock, config, log })).toEqual(NOTHING);
    const steps = [
      'accounts',
      'sessions',
      'visits',
      'invoices',
      'idempotency keys',
      'code tickets',
      'ended mail',
      'booking links',
    ];
    expect(lines).toEqual(
      steps.map((step) =>
        expect.objectContaining({
          level: 50,
          job: step,
          msg: `clean-up step ${step} failed`,
          err: expect.objectContaining({ message: 'the database refused' }),
        }),
      ),
    );
  });
});
