import { afterAll, describe, expect, it, vi } from 'vitest';
import { NOTIFICATIONS_LIMIT, addNotification, notificationTexts } from '#server/notifications/notifications';
import { markInvoicePaid } from '#server/payments/mark-paid';
import { NotificationsResponse, SeenResponse } from '#domain/contract';
import { company } from '#domain/company';
import { assert } from 'superstruct';
import {
  MINUTE,
  ORDER,
  bearer,
  cleanup,
  createTestServer,
  errorText,
  myInvoices,
  paymentLink,
  register,
  type TestApp,
} from './helpers';
import { expectWellFormed, settle, startMailCatcher } from './mail-helpers';

const smtp = await startMailCatcher();
afterAll(async () => {
  await settle();
  await smtp.close();
  await cleanup();
});

const { app, db, clock } = await createTestServer({ SMTP_URL: smtp.url });

async function notifications(token: string) {
  const res = await app.request('/api/users/notifications', { headers: bearer(token) });
  expect(res.status).toBe(200);
  const body: unknown = await res.json();
  assert(body, NotificationsResponse);
  return body.notifications;
}

/** The site POSTs it; the contract's GET is its alias (docs/decisions/0023-one-home-per-resource.md). */
async function see(token: string, method: 'GET' | 'POST'): Promise<number> {
  const res = await app.request('/api/users/notifications/see', { method, headers: bearer(token) });
  expect(res.status).toBe(200);
  const body: unknown = await res.json();
  assert(body, SeenResponse);
  return body.seen;
}

/** Pays an invoice through the sandbox checkout's Pay button, as a customer would. */
async function payThroughSandbox(token: string, target: TestApp = app): Promise<string> {
  const url = new URL(await paymentLink(target, token));
  const res = await target.request(`${url.pathname}/pay`, {
    method: 'POST',
    body: new URLSearchParams({ sig: url.searchParams.get('sig') ?? '' }),
  });
  expect(res.status).toBe(303);
  return decodeURIComponent(url.pathname.split('/').pop()!);
}

const PAID_TEXT = `Your payment for ${ORDER.title} (£49.00) was received. We will deliver within one day.`;

describe('notifications are created', () => {
  it('on registration: a welcome', async () => {
    const account = await register(app);
    const list = await notifications(account.token);
    expect(list).toHaveLength(1);
    expect(list[0]!.text.en).toMatch(new RegExp(`^Welcome to ${company.name}! `));
    expect(list[0]).toMatchObject({ seen: false, createdAt: clock.now().toISOString() });
    expect(list[0]!.id).toEqual(expect.any(String));
  });

  it('when an invoice is paid through the sandbox Pay route, once, with a receipt by e-mail', async () => {
    const account = await register(app, { name: 'Alan Turing' });
    const invoiceId = await payThroughSandbox(account.token);
    expect((await myInvoices(app, account.token))[0]!.paid).toBe(true);
    expect((await notifications(account.token)).map((n) => n.text.en)[0]).toBe(PAID_TEXT);

    const receipt = await smtp.waitFor(account.user.email);
    expectWellFormed(receipt, company.mailFrom);
    expect(receipt.subject).toBe(`Receipt: ${ORDER.title} (£49.00)`);
    expect(receipt.text).toContain('Hello Alan Turing');
    expect(receipt.text).toContain('Amount paid: £49.00');
    expect(receipt.text).toContain('Delivery: Video meeting');
    expect(receipt.text).toMatch(/^Receipt number: TEST-NG-\d{4}-000001$/m);
    expect(receipt.html).toContain('£49.00');

    // Confirming the same payment again changes nothing and notifies no one.
    expect(await markInvoicePaid(db, invoiceId, { provider: 'sandbox', reference: null, at: clock.now() })).toBe(false);
    expect((await notifications(account.token)).filter((n) => n.text.en === PAID_TEXT)).toHaveLength(1);
  });

  it('when markInvoicePaid succeeds, even without a mailer (no receipt then)', async () => {
    const account = await register(app);
    await paymentLink(app, account.token);
    const [invoice] = await myInvoices(app, account.token);
    expect(await markInvoicePaid(db, invoice!._id, { provider: 'sandbox', reference: null, at: clock.now() })).toBe(
      true,
    );
    expect((await notifications(account.token))[0]!.text.en).toBe(PAID_TEXT);
    await settle();
    expect(smtp.to(account.user.email)).toEqual([]);
  });

  it('when the receipt cannot be sent, the payment still stands, the failure is logged and the receipt waits', async () => {
    const down = await startMailCatcher();
    await down.close();
    const offline = await createTestServer({ SMTP_URL: down.url });
    const account = await register(offline.app);
    await payThroughSandbox(account.token, offline.app);
    expect((await myInvoices(offline.app, account.token))[0]!.paid).toBe(true);
    await vi.waitFor(() =>
      expect(offline.logLines).toContainEqual(
        expect.objectContaining({
          level: 40,
          event: 'mail.failed',
          kind: 'payment receipt',
          attempts: 1,
          msg: 'could not send the payment receipt e-mail; it will be tried again',
          err: expect.objectContaining({ message: expect.any(String) }),
        }),
      ),
    );
    const receipt = await offline.db
      .selectFrom('mail_queue')
      .select(['attempts', 'ended_at', 'to_address'])
      .where('kind', '=', 'payment receipt')
      .executeTakeFirstOrThrow();
    expect(receipt).toEqual({ attempts: 1, ended_at: null, to_address: account.user.email });
  });

  it('when the account deletion is requested', async () => {
    const account = await register(app);
    expect((await app.request('/api/users/account/deletion/request', { headers: bearer(account.token) })).status).toBe(
      200,
    );
    expect((await notifications(account.token))[0]!.text.en).toMatch(/^Your account is scheduled for deletion on /);
  });
});

describe('a cancelled deletion', () => {
  it('is news, and the notice of its date is no longer new; a second cancel adds nothing', async () => {
    const account = await register(app);
    await see(account.token, 'POST');
    clock.advance(MINUTE);
    await app.request('/api/users/account/deletion/request', { headers: bearer(account.token) });
    clock.advance(MINUTE);
    const cancel = () =>
      app.request('/api/users/account/deletion/cancel', { method: 'POST', headers: bearer(account.token) });
    expect((await cancel()).status).toBe(200);
    const list = await notifications(account.token);
    expect(list.map((n) => [n.text.en, n.seen])).toEqual([
      ['The deletion of your account was cancelled: your account stays open, with everything in it.', false],
      [expect.stringMatching(/^Your account is scheduled for deletion on /), true],
      [expect.stringMatching(/^Welcome to /), true],
    ]);
    expect((await cancel()).status).toBe(200);
    expect(await notifications(account.token)).toEqual(list);
  });

  it('leaves a notice the customer already saw as it was, and another customer’s alone', async () => {
    const account = await register(app);
    const other = await register(app);
    for (const { token } of [account, other]) {
      await app.request('/api/users/account/deletion/request', { headers: bearer(token) });
    }
    const seenAt = clock.now().toISOString();
    await see(account.token, 'POST');
    clock.advance(MINUTE);
    await app.request('/api/users/account/deletion/cancel', { method: 'POST', headers: bearer(account.token) });
    const rows = await db
      .selectFrom('notifications')
      .select(['user_id', 'kind', 'seen_at'])
      .where('kind', '=', 'deletion_requested')
      .where('user_id', 'in', [account.user.id, other.user.id])
      .execute();
    expect(rows.find((row) => row.user_id === account.user.id)?.seen_at).toBe(seenAt);
    expect(rows.find((row) => row.user_id === other.user.id)?.seen_at).toBeNull();
  });
});

describe('POST /api/users/notifications/see with the ids the bell showed', () => {
  const seeIds = (token: string, body: unknown) =>
    app.request('/api/users/notifications/see', {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('marks only those, and only the caller’s own', async () => {
    const account = await register(app);
    const other = await register(app);
    await payThroughSandbox(account.token);
    const [paid, welcome] = await notifications(account.token);
    const [theirs] = await notifications(other.token);
    const res = await seeIds(account.token, { ids: [welcome!.id, theirs!.id, 'no-such-id'] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ seen: 1 });
    expect((await notifications(account.token)).map((n) => [n.id, n.seen])).toEqual([
      [paid!.id, false],
      [welcome!.id, true],
    ]);
    expect((await notifications(other.token))[0]!.seen).toBe(false);
    // Named again, or none named: nothing more is marked.
    expect(await (await seeIds(account.token, { ids: [welcome!.id] })).json()).toEqual({ seen: 0 });
    expect(await (await seeIds(account.token, { ids: [] })).json()).toEqual({ seen: 0 });
  });

  it('refuses a list longer than a listing, or ids that are not text (400)', async () => {
    const account = await register(app);
    for (const body of [{ ids: Array.from({ length: 51 }, (_, i) => `n${i}`) }, { ids: [1] }, { ids: 'n1' }, {}]) {
      const res = await seeIds(account.token, body);
      expect(res.status).toBe(400);
      expect(await errorText(res)).toBe('Please name at most 50 notifications, by their ids.');
    }
    expect((await notifications(account.token))[0]!.seen).toBe(false);
  });
});

describe('GET /api/users/notifications', () => {
  it('lists newest first, only the caller’s own, at most 50', async () => {
    const account = await register(app);
    const other = await register(app);
    clock.advance(MINUTE);
    await payThroughSandbox(account.token);
    clock.advance(MINUTE);
    await app.request('/api/users/account/deletion/request', { headers: bearer(account.token) });
    const list = await notifications(account.token);
    expect(list.map((n) => n.text.en)).toEqual([
      expect.stringMatching(/^Your account is scheduled for deletion/),
      PAID_TEXT,
      expect.stringMatching(/^Welcome to /),
    ]);
    const times = list.map((n) => n.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(await notifications(other.token)).toHaveLength(1);

    for (let i = 0; i < 55; i += 1) {
      await addNotification(db, { userId: account.user.id, kind: 'welcome', text: `note ${i}`, now: clock.now() });
    }
    const capped = await notifications(account.token);
    expect(NOTIFICATIONS_LIMIT).toBe(50);
    expect(capped).toHaveLength(50);
    expect(capped[0]!.text.en).toBe('note 54');
    expect(capped[49]!.text.en).toBe('note 5');
  });

  it('needs a token (401)', async () => {
    const res = await app.request('/api/users/notifications');
    expect(res.status).toBe(401);
    expect(await errorText(res)).toBe('Please sign in to continue.');
  });
});

describe.each(['GET', 'POST'] as const)('%s /api/users/notifications/see', (method) => {
  it('marks the caller’s unseen notifications seen and says how many', async () => {
    const account = await register(app);
    const other = await register(app);
    await payThroughSandbox(account.token);
    await app.request('/api/users/account/deletion/request', { headers: bearer(account.token) });
    expect(await see(account.token, method)).toBe(3);
    expect((await notifications(account.token)).map((n) => n.seen)).toEqual([true, true, true]);
    expect(await see(account.token, method)).toBe(0);
    // Another customer's notifications are untouched.
    expect((await notifications(other.token)).map((n) => n.seen)).toEqual([false]);

    await payThroughSandbox(account.token);
    expect(await see(account.token, method)).toBe(1);
  });

  it('needs a token (401)', async () => {
    expect((await app.request('/api/users/notifications/see', { method })).status).toBe(401);
  });
});

describe('the words of a notice', () => {
  // The customer reads these on the profile: each is pinned word for word.
  it('says the report was mailed, and where else to find it', () => {
    expect(notificationTexts.orderReportSent('Security Audit')).toBe(
      'Your report for Security Audit was e-mailed to you. You can also download it from your invoices.',
    );
  });

  it('says what a password reset removed with it, and nothing when it removed nothing', () => {
    expect(notificationTexts.passwordReset([])).toBe('Your password was reset and every device was signed out.');
    expect(notificationTexts.passwordReset(['a passkey', 'the authenticator app'])).toBe(
      'Your password was reset and every device was signed out. Removed with it: a passkey, the authenticator app.',
    );
  });

  it('says on which day an order was delivered', () => {
    expect(notificationTexts.orderDelivered('Security Audit', new Date('2026-01-05T23:30:00.000Z'))).toBe(
      `Your order for Security Audit was delivered on Monday, 5 January 2026. Thank you for choosing ${company.name}.`,
    );
  });
});
