import { createHmac } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { PAYMENT_LINK_SECRET_MIN, loadConfig } from '#server/config';
import { openDatabase } from '#server/db/database';
import { migrate } from '#server/db/migrate';
import { contentSecurityPolicy } from '#server/http/security-headers';
import { markInvoicePaid } from '#server/payments/mark-paid';
import { formatCompanyTime } from '#server/mail/time';
import { ALREADY_PAID_TEXT, FORBIDDEN_TEXT, NOT_FOUND_TEXT, TEST_MODE_TEXT } from '#server/payments/sandbox-page';
import { LEGACY_SECRET_FILE, SIGNING_SECRET_NAME, createServerSecret } from '#server/secrets';
import { company } from '#domain/company';
import type { MailMessage, Mailer } from '#server/mail/mailer';
import { settle } from './mail-helpers';
import {
  MINUTE,
  ORDER,
  cleanup,
  closeAfterAll,
  createDataDir,
  createStaticDir,
  createTestClock,
  createTestServer,
  destroyAfterAll,
  myInvoices,
  paymentLink,
  register,
  type TestApp,
} from './helpers';

afterAll(cleanup);

const { app, db, clock, config } = await createTestServer();
const invoicesUrl = `${config.PUBLIC_URL}/invoices`;
// The checkout's return says how it ended: the invoices page confirms it (docs/product.md#payments).
const paidUrl = `${invoicesUrl}?payment=paid`;
const cancelledUrl = `${invoicesUrl}?payment=cancelled`;

/** A payment link's parts: the checkout path, its signature and the invoice id. */
function parseLink(link: string) {
  const url = new URL(link);
  const id = decodeURIComponent(url.pathname.split('/').pop()!);
  return {
    path: url.pathname,
    sig: url.searchParams.get('sig') ?? '',
    id,
    pathAndQuery: `${url.pathname}${url.search}`,
  };
}

function openCheckout(target: TestApp, link: string) {
  return target.request(parseLink(link).pathAndQuery, { headers: { Accept: 'text/html' } });
}

function submit(target: TestApp, path: string, action: 'pay' | 'cancel', sig?: string) {
  return target.request(`${path}/${action}`, {
    method: 'POST',
    body: new URLSearchParams(sig === undefined ? {} : { sig }),
  });
}

async function invoiceRow(id: string) {
  return db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

function expectSecurityHeaders(res: Response) {
  expect(res.headers.get('Content-Security-Policy')).toBe(contentSecurityPolicy(config));
  expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  expect(res.headers.get('Strict-Transport-Security')).toBe('max-age=31536000; includeSubDomains');
  expect(res.headers.get('Cache-Control')).toBe('no-store');
}

describe('the sandbox checkout page', () => {
  it('shows the order, clearly in test mode, with Pay and Cancel forms carrying the signature', async () => {
    const { token } = await register(app);
    const link = await paymentLink(app, token);
    const { path, sig } = parseLink(link);
    const res = await openCheckout(app, link);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    expectSecurityHeaders(res);
    const html = await res.text();
    expect(html).toContain(TEST_MODE_TEXT);
    expect(html).toContain(company.name);
    expect(html).toContain(ORDER.title);
    // The delivery type under the name the customer chose it by in the wizard, not its wire value.
    expect(html).toContain('Video meeting');
    expect(html).not.toContain(ORDER.type);
    expect(html).toContain('£49.00');
    expect(html).toContain(`<form method="post" action="${path}/pay">`);
    expect(html).toContain(`<form method="post" action="${path}/cancel">`);
    expect(html.split(`<input type="hidden" name="sig" value="${sig}">`)).toHaveLength(3);
    expect(html).not.toMatch(/<script/i);
    // The order as a list of what was ordered, and buttons that say what they do.
    expect(html).toContain(`<dt>Service</dt><dd>${ORDER.title}</dd>`);
    expect(html).toContain('<dt>Delivery</dt><dd>Video meeting</dd>');
    expect(html).toContain(`<dt>App URL</dt><dd>${ORDER.url}</dd>`);
    expect(html).toContain('<dt>Amount</dt><dd>£49.00</dd>');
    expect(html).toContain('<button type="submit" class="pay">Pay £49.00</button>');
    expect(html).toContain('<button type="submit" class="cancel">Cancel</button>');
    expect(html).toContain('<title>Checkout — ');
    expect(html).toContain('<h1>Checkout</h1>');
  });

  it('says when the customer left the website field empty', async () => {
    const { token } = await register(app);
    const html = await (await openCheckout(app, await paymentLink(app, token, { ...ORDER, url: '' }))).text();
    expect(html).toContain('<dt>App URL</dt><dd>Not provided</dd>');
  });

  it('escapes what the customer typed', async () => {
    const { token } = await register(app);
    const link = await paymentLink(app, token, { ...ORDER, url: '<script>alert("x")</script> & <b>bold</b>' });
    const html = await (await openCheckout(app, link)).text();
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;');
    const quoted = await paymentLink(app, token, { ...ORDER, url: "it's 'quoted'" });
    expect(await (await openCheckout(app, quoted)).text()).toContain('it&#39;s &#39;quoted&#39;');
  });

  it('answers 404 for an unknown invoice and 403 for a link without a valid signature', async () => {
    const { token } = await register(app);
    const link = await paymentLink(app, token);
    const { path, sig, id } = parseLink(link);

    const unknown = await app.request(`/pay/sandbox/00000000-0000-4000-8000-000000000000?sig=${sig}`);
    expect(unknown.status).toBe(404);
    expectSecurityHeaders(unknown);
    const unknownHtml = await unknown.text();
    expect(unknownHtml).toContain('<h1>Invoice not found</h1>');
    expect(unknownHtml).toContain(NOT_FOUND_TEXT);
    expect(unknownHtml).toContain(`<a href="${invoicesUrl}">Go to your invoices</a>`);

    const tampered = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    for (const query of ['', '?sig=', '?sig=forged', `?sig=${tampered}`, `?sig=${sig}x`]) {
      const res = await app.request(`${path}${query}`);
      expect(res.status, query).toBe(403);
      expectSecurityHeaders(res);
      const html = await res.text();
      expect(html).toContain('<h1>Link not valid</h1>');
      expect(html).toContain(`${FORBIDDEN_TEXT} Please open the checkout again from your order.`);
      expect(html).not.toContain('action=');
    }
    expect((await invoiceRow(id)).paid).toBe(0);
  });

  it("is not found for an invoice another provider issued, or whose customer's account is gone", async () => {
    for (const change of [{ provider: 'stripe' }, { user_id: null }] as const) {
      const { token } = await register(app);
      const link = await paymentLink(app, token);
      const { path, sig, id } = parseLink(link);
      // Its own link, valid until the row changes: the provider switched, or the account deleted.
      expect((await openCheckout(app, link)).status).toBe(200);
      await db.updateTable('invoices').set(change).where('id', '=', id).execute();
      const res = await openCheckout(app, link);
      expect(res.status, JSON.stringify(change)).toBe(404);
      expect(await res.text()).toContain('<h1>Invoice not found</h1>');
      expect((await submit(app, path, 'pay', sig)).status, JSON.stringify(change)).toBe(404);
      expect((await invoiceRow(id)).paid).toBe(0);
    }
  });
});

describe('Pay and Cancel', () => {
  it('Pay marks the invoice paid and sends the customer to their invoices', async () => {
    const { token } = await register(app);
    const { path, sig, id } = parseLink(await paymentLink(app, token));
    clock.advance(5 * MINUTE);
    const paidAt = clock.now().toISOString();

    const res = await submit(app, path, 'pay', sig);
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(paidUrl);
    expectSecurityHeaders(res);

    const [invoice] = await myInvoices(app, token);
    expect(invoice).toMatchObject({ _id: id, paid: true, paidAt });
    expect(await invoiceRow(id)).toMatchObject({ paid: 1, paid_at: paidAt, provider: 'sandbox', provider_ref: null });
  });

  it('an already paid invoice says so, and a second Pay keeps the first paidAt', async () => {
    const { token } = await register(app);
    const link = await paymentLink(app, token);
    const { path, sig, id } = parseLink(link);
    expect((await submit(app, path, 'pay', sig)).status).toBe(303);
    const first = (await invoiceRow(id)).paid_at;
    expect(first).toBe(clock.now().toISOString());

    const page = await openCheckout(app, link);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<h1>${ALREADY_PAID_TEXT}</h1>`);
    expect(html).toContain(`<p>It was paid on ${formatCompanyTime(new Date(first!))}. Nothing more is due.</p>`);
    expect(html).toMatch(/It was paid on \w+day, \d{1,2} \w+ \d{4} at \d\d:\d\d (GMT|BST) \(London time\)\./);
    expect(html).not.toContain('/pay"');

    clock.advance(60 * MINUTE);
    const again = await submit(app, path, 'pay', sig);
    expect(again.status).toBe(303);
    expect((await invoiceRow(id)).paid_at).toBe(first);
    expect((await myInvoices(app, token))[0]).toMatchObject({ paid: true, paidAt: first });
  });

  it('a Pay form of more than 4 KB or 4 fields is read as no signature: 403, and nothing paid', async () => {
    const { token } = await register(app);
    const { path, sig, id } = parseLink(await paymentLink(app, token));
    const fields = (extra: Record<string, string>) => new URLSearchParams({ sig, ...extra });
    for (const body of [fields({ pad: 'x'.repeat(4 * 1024) }), fields({ a: '1', b: '2', c: '3', d: '4' })]) {
      const res = await app.request(`${path}/pay`, { method: 'POST', body });
      expect(res.status).toBe(403);
      expect(await res.text()).toContain('<h1>Link not valid</h1>');
    }
    expect((await invoiceRow(id)).paid).toBe(0);
    // The same signature in a form of the checkout's own size pays.
    expect((await submit(app, path, 'pay', sig)).status).toBe(303);
  });

  it('Cancel sends the customer to their invoices and leaves the invoice unpaid', async () => {
    const { token } = await register(app);
    const { path, sig, id } = parseLink(await paymentLink(app, token));
    const res = await submit(app, path, 'cancel', sig);
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(cancelledUrl);
    expect(await invoiceRow(id)).toMatchObject({ paid: 0, paid_at: null });
    // The link still works afterwards.
    expect((await submit(app, path, 'pay', sig)).status).toBe(303);
    expect((await invoiceRow(id)).paid).toBe(1);
  });

  it('a forged or missing signature gets 403 and changes nothing', async () => {
    const { token } = await register(app);
    const { path, sig, id } = parseLink(await paymentLink(app, token));
    for (const forged of [undefined, '', 'forged', sig.toUpperCase() === sig ? sig.toLowerCase() : sig.toUpperCase()]) {
      for (const action of ['pay', 'cancel'] as const) {
        const res = await submit(app, path, action, forged);
        expect(res.status, `${action} with ${String(forged)}`).toBe(403);
        expectSecurityHeaders(res);
        expect(await res.text()).toContain(FORBIDDEN_TEXT);
      }
    }
    // The signature in the query string does not count for the form.
    const viaQuery = await app.request(`${path}/pay?sig=${sig}`, { method: 'POST' });
    expect(viaQuery.status).toBe(403);
    expect(await invoiceRow(id)).toMatchObject({ paid: 0, paid_at: null });
  });

  it('my signature does not open or pay another customer’s invoice', async () => {
    const me = await register(app);
    const other = await register(app);
    const mine = parseLink(await paymentLink(app, me.token));
    const theirs = parseLink(await paymentLink(app, other.token));

    const page = await app.request(`${theirs.path}?sig=${mine.sig}`);
    expect(page.status).toBe(403);
    const pay = await submit(app, theirs.path, 'pay', mine.sig);
    expect(pay.status).toBe(403);
    expect(await invoiceRow(theirs.id)).toMatchObject({ paid: 0, paid_at: null });
    expect(await invoiceRow(mine.id)).toMatchObject({ paid: 0, paid_at: null });
  });

  it('an unknown invoice gets 404 on Pay and Cancel', async () => {
    const { token } = await register(app);
    const { sig } = parseLink(await paymentLink(app, token));
    for (const action of ['pay', 'cancel'] as const) {
      const res = await submit(app, '/pay/sandbox/no-such-invoice', action, sig);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain(NOT_FOUND_TEXT);
    }
  });

  it('two Pays at the same moment leave one paid invoice with one paidAt', async () => {
    const { token } = await register(app);
    const { path, sig, id } = parseLink(await paymentLink(app, token));
    const before = clock.now().getTime();
    // Every reading of the clock is a millisecond later, so the two payments carry different times.
    const ticking = { now: () => (clock.advance(1), clock.now()) };
    // A mailer that keeps the receipts and reads no clock (the outbox would, whenever its write gets to run).
    const receipts: MailMessage[] = [];
    const mailer: Mailer = { send: async (message) => void receipts.push(message), close() {} };
    const racing = closeAfterAll(createApp({ db, config, clock: ticking, mailer }));
    const results = await Promise.all([submit(racing, path, 'pay', sig), submit(racing, path, 'pay', sig)]);
    expect(results.map((res) => res.status)).toEqual([303, 303]);

    // Both requests reached the payment (two clock readings; the mail queue, sending the receipts, reads it
    // too) and the first confirmation's time was kept.
    expect(clock.now().getTime()).toBeGreaterThanOrEqual(before + 2);
    await racing.mail.idle();
    await settle();
    // One receipt to the customer, and one new-order mail to the office.
    expect(receipts.filter((message) => message.to !== config.OFFICE_EMAIL)).toHaveLength(1);
    expect(receipts.filter((message) => message.to === config.OFFICE_EMAIL)).toHaveLength(1);
    const row = await invoiceRow(id);
    expect(row.paid).toBe(1);
    expect(row.paid_at).toBe(new Date(before + 1).toISOString());
    expect(await myInvoices(app, token)).toEqual([
      expect.objectContaining({ _id: id, paid: true, paidAt: row.paid_at }),
    ]);
  });

  it('markInvoicePaid lets exactly one of two simultaneous confirmations win', async () => {
    const { token } = await register(app);
    const { id } = parseLink(await paymentLink(app, token));
    const first = new Date('2026-02-01T10:00:00.000Z');
    const second = new Date('2026-02-01T10:00:00.500Z');
    const won = await Promise.all([
      markInvoicePaid(db, id, { provider: 'sandbox', reference: null, at: first }),
      markInvoicePaid(db, id, { provider: 'sandbox', reference: null, at: second }),
    ]);
    expect(won.filter(Boolean)).toHaveLength(1);
    const winner = won[0] ? first : second;
    expect((await invoiceRow(id)).paid_at).toBe(winner.toISOString());
    expect(await markInvoicePaid(db, id, { provider: 'sandbox', reference: null, at: new Date() })).toBe(false);
    expect(await markInvoicePaid(db, 'no-such-invoice', { provider: 'sandbox', reference: null, at: first })).toBe(
      false,
    );
  });

  it('markInvoicePaid queues mail only when given the mail queue, and mails the office only at its address', async () => {
    const paidWith = async (effects: Parameters<typeof markInvoicePaid>[3]) => {
      const account = await register(app);
      const { id } = parseLink(await paymentLink(app, account.token));
      expect(await markInvoicePaid(db, id, { provider: 'sandbox', reference: null, at: clock.now() }, effects)).toBe(
        true,
      );
      const mails = await db
        .selectFrom('mail_queue')
        .select(['kind', 'to_address'])
        .where('kind', '!=', 'verification code')
        .where((eb) => eb.or([eb('to_address', '=', account.user.email), eb('to_address', '=', 'desk@northgate.test')]))
        .orderBy('kind')
        .execute();
      return { account, mails };
    };
    const kick = () => {};
    // No mail queue: the notification is written, no mail.
    expect((await paidWith({})).mails).toEqual([]);
    // The queue without an office address: the receipt only.
    const receiptOnly = await paidWith({ mail: { kick }, publicUrl: config.PUBLIC_URL });
    expect(receiptOnly.mails).toEqual([{ kind: 'payment receipt', to_address: receiptOnly.account.user.email }]);
    // With one: the office's new-order mail too.
    const both = await paidWith({ mail: { kick }, publicUrl: config.PUBLIC_URL, officeEmail: 'desk@northgate.test' });
    expect(both.mails).toEqual([
      { kind: 'new order (office)', to_address: 'desk@northgate.test' },
      { kind: 'payment receipt', to_address: both.account.user.email },
    ]);
  });

  it("markInvoicePaid keeps the provider's payment id and notes in the order's history who took the money", async () => {
    const { token } = await register(app);
    const { id } = parseLink(await paymentLink(app, token));
    const at = clock.now();
    expect(await markInvoicePaid(db, id, { provider: 'stripe', reference: 'cs_test_kept', at })).toBe(true);
    expect(await invoiceRow(id)).toMatchObject({ paid: 1, provider: 'stripe', provider_ref: 'cs_test_kept' });
    const history = await db.selectFrom('order_events').selectAll().where('invoice_id', '=', id).execute();
    expect(history).toEqual([
      expect.objectContaining({
        from_status: 'awaitingPayment',
        to_status: 'paid',
        actor_user_id: null,
        note: 'Paid through Stripe.',
      }),
    ]);
  });
});

describe('the signing secret', () => {
  it('is generated once, kept in the database, and shared by every app on it (other instances, restarts)', async () => {
    const first = await createTestServer();
    const { token } = await register(first.app);
    const link = await paymentLink(first.app, token);
    const rows = await first.db.selectFrom('server_secrets').selectAll().execute();
    expect(rows.map((row) => row.name)).toEqual([SIGNING_SECRET_NAME]);
    expect(rows[0]!.value).toMatch(/^[0-9a-f]{64}$/);

    // Another instance on the same database (its own DATA_DIR, its own memory) opens and pays the link.
    const other = closeAfterAll(
      createApp({ db: first.db, config: { ...first.config, DATA_DIR: createDataDir() }, clock: first.clock }),
    );
    expect((await openCheckout(other, link)).status).toBe(200);
    // An instance configured with another secret refuses it: the secret is what counts.
    const stranger = closeAfterAll(
      createApp({
        db: first.db,
        config: { ...first.config, PAYMENT_LINK_SECRET: 'another secret of at least thirty-two characters' },
        clock: first.clock,
      }),
    );
    expect((await openCheckout(stranger, link)).status).toBe(403);

    const { path, sig, id } = parseLink(link);
    expect((await submit(other, path, 'pay', sig)).status).toBe(303);
    const row = await first.db.selectFrom('invoices').select('paid').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.paid).toBe(1);
  });

  it('is the same for instances that need it first at the same moment', async () => {
    const { db, config, clock } = await createTestServer();
    const instances = Array.from({ length: 5 }, () => createServerSecret({ db, config, clock }));
    const values = await Promise.all(instances.map((instance) => instance.get()));
    expect(new Set(values).size).toBe(1);
    expect(await db.selectFrom('server_secrets').select('value').execute()).toEqual([{ value: values[0] }]);
  });

  it('adopts the secret an embedded install kept in DATA_DIR, so links already sent still open', async () => {
    const dataDir = createDataDir();
    const legacy = 'f'.repeat(64);
    writeFileSync(join(dataDir, LEGACY_SECRET_FILE), `${legacy}\n`, { mode: 0o600 });
    const config = { ...loadConfig({}), DATA_DIR: dataDir, STATIC_DIR: createStaticDir() };
    const db = openDatabase(dataDir);
    await migrate(db);
    try {
      const app = closeAfterAll(createApp({ db, config, clock: createTestClock() }));
      const { token, user } = await register(app);
      const { id, sig } = parseLink(await paymentLink(app, token));
      expect(sig).toBe(createHmac('sha256', legacy).update(`${id}\n${user.id}`).digest('base64url'));
      expect(await db.selectFrom('server_secrets').select('value').execute()).toEqual([{ value: legacy }]);
    } finally {
      await db.destroy();
    }
  });

  it('adopts a kept secret only when long enough for a configured one: 32 characters or more', async () => {
    for (const [legacy, adopted] of [
      ['k'.repeat(PAYMENT_LINK_SECRET_MIN), true],
      ['k'.repeat(PAYMENT_LINK_SECRET_MIN - 1), false],
    ] as const) {
      const dataDir = createDataDir();
      writeFileSync(join(dataDir, LEGACY_SECRET_FILE), `${legacy}\n`, { mode: 0o600 });
      const db = destroyAfterAll(openDatabase(':memory:'));
      await migrate(db);
      const config = { ...loadConfig({}), DATA_DIR: dataDir };
      const secret = await createServerSecret({ db, config, clock: createTestClock() }).get();
      expect(secret === legacy, `${legacy.length} characters`).toBe(adopted);
      expect(secret.length).toBeGreaterThanOrEqual(PAYMENT_LINK_SECRET_MIN);
    }
  });

  it('is read again after a failed read, not the failure remembered', async () => {
    const db = destroyAfterAll(openDatabase(':memory:'));
    const secret = createServerSecret({ db, config: { ...config, PAYMENT_LINK_SECRET: undefined }, clock });
    // The table is not there yet: as when the database is briefly unreachable.
    await expect(secret.get()).rejects.toThrow(/server_secrets/);
    await migrate(db);
    expect(await secret.get()).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is PAYMENT_LINK_SECRET when configured, and then none is stored', async () => {
    const secret = 'a configured secret of at least thirty-two characters';
    const { app: configured, db: configuredDb } = await createTestServer({ PAYMENT_LINK_SECRET: secret });
    const { token, user } = await register(configured);
    const link = await paymentLink(configured, token);
    const { id, sig } = parseLink(link);
    const expected = createHmac('sha256', secret).update(`${id}\n${user.id}`).digest('base64url');
    expect(sig).toBe(expected);
    expect(await configuredDb.selectFrom('server_secrets').selectAll().execute()).toEqual([]);
    expect((await configuredDb.selectFrom('invoices').select('id').execute()).map((row) => row.id)).toEqual([id]);
  });
});

describe('without Stripe', () => {
  it('has no Stripe webhook', async () => {
    const res = await app.request('/api/payments/stripe/webhook', { method: 'POST', body: '{}' });
    expect(res.status).toBe(404);
  });
});
