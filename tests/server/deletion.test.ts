import { afterAll, describe, expect, it } from 'vitest';
import { purgeDueAccounts, purgeExpiredInvoiceRecords } from '#server/account/deletion';
import { DELETION_CANCELLED_TEXT } from '#server/account/deletion-request';
import { MessageResponse, NotificationsResponse, SessionResponse, UserResponse } from '#domain/contract';
import { company } from '#domain/company';
import { ACCOUNT_DELETION_GRACE_DAYS, INVOICE_RETENTION_YEARS } from '#domain/policies';
import { assert } from 'superstruct';
import {
  DAY,
  authenticate,
  bearer,
  cleanup,
  createInvoice,
  createTestServer,
  errorText,
  login,
  ORDER,
  paymentLink,
  register,
} from './helpers';
import { expectWellFormed, settle, startMailCatcher } from './mail-helpers';
import {
  account as officeAccount,
  deliver,
  paidOrder,
  PDF_ORDER,
  pdfBlob,
  schedule,
  tinyPdf,
  uploadReport,
} from './office-helpers';

const smtp = await startMailCatcher();
afterAll(async () => {
  await settle(); // deletion e-mails go out in the background
  await smtp.close();
  await cleanup();
});

// The test clock starts at 2026-01-05T09:00:00Z; each test file gets its own.
const { app, clock, securityEvents } = await createTestServer({ SMTP_URL: smtp.url });

/**
 * The plain request: the contract's GET, or the site's POST without a body (docs/decisions/0023-one-home-per-resource.md).
 */
function requestDeletion(token: string, method: 'GET' | 'POST' = 'GET') {
  return app.request('/api/users/account/deletion/request', { method, headers: bearer(token) });
}

function cancelDeletion(token: string) {
  return app.request('/api/users/account/deletion/cancel', { method: 'POST', headers: bearer(token) });
}

async function messageOf(res: Response): Promise<string> {
  const body: unknown = await res.json();
  assert(body, MessageResponse);
  return body.message.en;
}

async function wireUser(token: string) {
  const body: unknown = await (await authenticate(app, token)).json();
  assert(body, UserResponse);
  return body.user;
}

async function notificationTexts(token: string): Promise<string[]> {
  const body: unknown = await (await app.request('/api/users/notifications', { headers: bearer(token) })).json();
  assert(body, NotificationsResponse);
  return body.notifications.map((notification) => notification.text.en);
}

describe('the wire user', () => {
  it('always carries deletionScheduledFor (null when no deletion is requested)', async () => {
    const account = await register(app);
    expect(account.user).toHaveProperty('deletionScheduledFor', null);
    const signedIn = await login(app, account.user.email, account.password);
    const body: unknown = await signedIn.json();
    assert(body, SessionResponse);
    expect(Object.keys(body.user)).toContain('deletionScheduledFor');
    expect(body.user.deletionScheduledFor).toBeNull();
  });
});

describe.each(['GET', 'POST'] as const)('%s /api/users/account/deletion/request (no body)', (method) => {
  it('schedules the deletion in 14 days, says when, e-mails the customer and notifies', async () => {
    expect(ACCOUNT_DELETION_GRACE_DAYS).toBe(14);
    const account = await register(app, { name: 'Hedy Lamarr' });
    const start = clock.now();
    const res = await requestDeletion(account.token, method);
    expect(res.status).toBe(200);
    const due = new Date(start.getTime() + 14 * DAY);
    const day = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/London',
    }).format(due);
    expect(await messageOf(res)).toBe(
      `Your account and its data will be deleted on ${day} (in 14 days). Sign in and cancel the deletion before then to keep it.`,
    );
    expect(day).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    expect((await wireUser(account.token)).deletionScheduledFor).toBe(due.toISOString());

    const mail = await smtp.waitFor(account.user.email);
    expectWellFormed(mail, company.mailFrom);
    expect(mail.subject).toContain(day);
    expect(mail.text).toContain(day);
    expect(mail.text).toContain('Hello Hedy Lamarr');
    expect(mail.html).toContain(day);

    expect((await notificationTexts(account.token))[0]).toContain(`scheduled for deletion on ${day}`);
  });

  it('keeps the first date when asked again, and sends nothing new', async () => {
    const account = await register(app);
    const first = await requestDeletion(account.token, method);
    const firstText = await messageOf(first);
    const scheduled = (await wireUser(account.token)).deletionScheduledFor;
    await smtp.waitFor(account.user.email);
    clock.advance(3 * DAY);

    const again = await requestDeletion(account.token, method);
    expect(again.status).toBe(200);
    const againText = await messageOf(again);
    expect(againText).toBe(firstText.replace('(in 14 days)', '(in 11 days)'));
    expect(againText).not.toBe(firstText);
    expect((await wireUser(account.token)).deletionScheduledFor).toBe(scheduled);
    const deletionNotifications = (await notificationTexts(account.token)).filter((text) => text.includes('deletion'));
    expect(deletionNotifications).toHaveLength(1);
    expect(smtp.to(account.user.email)).toHaveLength(1);
  });

  it('needs a token (401)', async () => {
    const res = await app.request('/api/users/account/deletion/request', { method });
    expect(res.status).toBe(401);
    expect(await errorText(res)).toBe('Please sign in to continue.');
  });
});

describe('POST /api/users/account/deletion/cancel', () => {
  it('clears the scheduled deletion', async () => {
    const account = await register(app);
    await requestDeletion(account.token);
    expect((await wireUser(account.token)).deletionScheduledFor).not.toBeNull();
    const res = await cancelDeletion(account.token);
    expect(res.status).toBe(200);
    expect(await messageOf(res)).toBe(DELETION_CANCELLED_TEXT);
    expect(DELETION_CANCELLED_TEXT).toBe('Your account will not be deleted.');
    expect((await wireUser(account.token)).deletionScheduledFor).toBeNull();

    // A later request starts a new grace period from its own day.
    clock.advance(2 * DAY);
    expect(await messageOf(await requestDeletion(account.token))).toContain('(in 14 days)');
  });

  it('is fine when nothing was scheduled', async () => {
    const account = await register(app);
    const res = await cancelDeletion(account.token);
    expect(res.status).toBe(200);
    expect(await messageOf(res)).toBe('Your account will not be deleted.');
  });

  it('records a cancellation in the security log only when there was a deletion to cancel', async () => {
    const cancelled = (userId: string) =>
      securityEvents().filter((line) => line.event === 'account.deletion_cancelled' && line.userId === userId);
    const account = await register(app);
    await cancelDeletion(account.token);
    expect(cancelled(account.user.id)).toEqual([]);
    await requestDeletion(account.token);
    await cancelDeletion(account.token);
    await cancelDeletion(account.token);
    expect(cancelled(account.user.id)).toHaveLength(1);
  });

  it('needs a token (401)', async () => {
    expect((await app.request('/api/users/account/deletion/cancel', { method: 'POST' })).status).toBe(401);
  });
});

describe('purgeDueAccounts', async () => {
  // A database of its own: the accounts scheduled by the tests above must not count here.
  const { app, db, clock } = await createTestServer({ SMTP_URL: smtp.url });
  const requestDeletion = (token: string) =>
    app.request('/api/users/account/deletion/request', { headers: bearer(token) });
  const cancelDeletion = (token: string) =>
    app.request('/api/users/account/deletion/cancel', { method: 'POST', headers: bearer(token) });

  async function rowsOf(userId: string) {
    const count = async (table: 'sessions' | 'invoices' | 'notifications' | 'email_codes' | 'avatars' | 'visits') =>
      (await db.selectFrom(table).select('user_id').where('user_id', '=', userId).execute()).length;
    return {
      users: (await db.selectFrom('users').select('id').where('id', '=', userId).execute()).length,
      sessions: await count('sessions'),
      invoices: await count('invoices'),
      notifications: await count('notifications'),
      email_codes: await count('email_codes'),
      avatars: await count('avatars'),
      visits: await count('visits'),
    };
  }

  /** An account with one row in every table that holds customer data. */
  async function accountWithData() {
    const account = await register(app);
    expect((await createInvoice(app, account.token)).status).toBe(201);
    expect((await app.request('/api/users/verify/email', { headers: bearer(account.token) })).status).toBe(200);
    const now = clock.now().toISOString();
    await db
      .insertInto('avatars')
      .values({
        user_id: account.user.id,
        content_type: 'image/png',
        bytes: new Uint8Array([1, 2, 3]),
        sha256: 'a'.repeat(64),
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('visits')
      .values({
        id: `visit-${account.user.id}`,
        user_id: account.user.id,
        visitor: 'visitor-12345678',
        country_code: null,
        country_name: null,
        city: null,
        postal: null,
        latitude: null,
        longitude: null,
        ipv4: null,
        state: null,
        visit_date: '2026-01-05',
        visit_time: '09:00:00',
        received_at: now,
        client_address: '192.0.2.7',
      })
      .execute();
    return account;
  }

  it('deletes only the accounts whose date has passed, with all their data', async () => {
    const due = await accountWithData();
    const later = await accountWithData();
    const kept = await accountWithData();
    const cancelled = await accountWithData();
    const everything = { users: 1, sessions: 1, invoices: 1, notifications: 1, email_codes: 1, avatars: 1, visits: 1 };
    expect(await rowsOf(due.user.id)).toEqual(everything);

    expect((await requestDeletion(due.token)).status).toBe(200);
    expect((await requestDeletion(cancelled.token)).status).toBe(200);
    expect((await cancelDeletion(cancelled.token)).status).toBe(200);
    clock.advance(5 * DAY);
    expect((await requestDeletion(later.token)).status).toBe(200);

    clock.advance(9 * DAY - 1000);
    expect(await purgeDueAccounts(db, clock)).toEqual([]);
    expect((await rowsOf(due.user.id)).users).toBe(1);

    clock.advance(1000);
    expect(await purgeDueAccounts(db, clock)).toEqual([due.user.id]);
    expect(await rowsOf(due.user.id)).toEqual({
      users: 0,
      sessions: 0,
      invoices: 0,
      notifications: 0,
      email_codes: 0,
      avatars: 0,
      visits: 0,
    });
    expect((await authenticate(app, due.token)).status).toBe(401);
    expect((await login(app, due.user.email, due.password)).status).toBe(401);

    for (const account of [later, kept, cancelled]) {
      expect(await rowsOf(account.user.id)).toMatchObject({
        users: 1,
        sessions: 1,
        invoices: 1,
        avatars: 1,
        visits: 1,
      });
    }
    expect(await purgeDueAccounts(db, clock)).toEqual([]);

    clock.advance(5 * DAY);
    expect(await purgeDueAccounts(db, clock)).toEqual([later.user.id]);
    expect((await rowsOf(later.user.id)).users).toBe(0);
    expect((await rowsOf(kept.user.id)).users).toBe(1);
    expect((await rowsOf(cancelled.user.id)).users).toBe(1);
  });

  it('keeps a paid invoice detached from the person for the record-keeping period, then deletes it', async () => {
    const account = await register(app);
    const paidLink = await paymentLink(app, account.token);
    expect((await createInvoice(app, account.token)).status).toBe(201);
    const paidId = new URL(paidLink).pathname.split('/').pop()!;
    await db
      .updateTable('invoices')
      .set({ paid: 1, paid_at: clock.now().toISOString() })
      .where('id', '=', paidId)
      .execute();

    expect((await requestDeletion(account.token)).status).toBe(200);
    clock.advance(ACCOUNT_DELETION_GRACE_DAYS * DAY);
    expect(await purgeDueAccounts(db, clock)).toEqual([account.user.id]);

    // The unpaid invoice went with the account; the paid one stays, naming nobody.
    const left = await db.selectFrom('invoices').selectAll().where('id', '=', paidId).execute();
    expect(left).toEqual([expect.objectContaining({ id: paidId, user_id: null, paid: 1, title: ORDER.title })]);
    expect(JSON.stringify(left)).not.toContain(account.user.email);
    expect(await db.selectFrom('invoices').select('id').where('user_id', '=', account.user.id).execute()).toEqual([]);

    clock.advance((INVOICE_RETENTION_YEARS * 365 - 30) * DAY);
    expect(await purgeExpiredInvoiceRecords(db, clock)).toBe(0);
    clock.advance(32 * DAY);
    expect(await purgeExpiredInvoiceRecords(db, clock)).toBe(1);
    expect(await db.selectFrom('invoices').select('id').where('id', '=', paidId).execute()).toEqual([]);
  });

  it("keeps a delivered order's record but not the report's content or the way to join a call", async () => {
    const customer = await officeAccount(app, db);
    const member = await officeAccount(app, db, 'office');
    const reportId = await paidOrder(app, customer, PDF_ORDER);
    const callId = await paidOrder(app, customer);
    expect((await uploadReport(app, member.token, reportId, pdfBlob(tinyPdf()))).status).toBe(200);
    expect((await deliver(app, member.token, reportId)).status).toBe(200);
    const at = new Date(clock.now().getTime() + 2 * 60 * 60 * 1000).toISOString();
    expect((await schedule(app, member.token, callId, { at, join: 'https://meet.example/ada-private' })).status).toBe(
      200,
    );
    const before = await db
      .selectFrom('orders')
      .selectAll()
      .where('invoice_id', '=', reportId)
      .executeTakeFirstOrThrow();
    expect(before.report).not.toBeNull();

    expect((await requestDeletion(customer.token)).status).toBe(200);
    clock.advance(ACCOUNT_DELETION_GRACE_DAYS * DAY);
    expect(await purgeDueAccounts(db, clock)).toEqual([customer.id]);

    const orders = await db
      .selectFrom('orders')
      .selectAll()
      .where('invoice_id', 'in', [reportId, callId])
      .orderBy('status')
      .execute();
    expect(orders).toEqual([
      expect.objectContaining({ invoice_id: reportId, status: 'delivered', report: null, join_info: null }),
      expect.objectContaining({ invoice_id: callId, status: 'scheduled', scheduled_at: at, join_info: null }),
    ]);
    // What was sent stays provable: its name and fingerprint, and who changed the order when.
    expect(orders[0]).toMatchObject({ report_name: before.report_name, report_sha256: before.report_sha256 });
    const audit = await db
      .selectFrom('order_events')
      .select('to_status')
      .where('invoice_id', '=', reportId)
      .orderBy('at')
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.to_status)).toEqual(['paid', 'reportSent', 'delivered']);
  });
});
