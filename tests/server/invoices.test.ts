import { assert } from 'superstruct';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_URL_MAX, PaymentLinkResponse, SERVICE_TYPES } from '#domain/contract';
import { services } from '#domain/catalogue/services';
import { SIGN_IN_REQUIRED_TEXT } from '#server/ways-in/require-auth';
import { listInvoicesForUser } from '#server/invoices/repository';
import { toWireInvoice } from '#server/invoices/wire';
import { PRICE_CHANGED_TEXT, TYPE_TEXT, UNKNOWN_SERVICE_TEXT, URL_TOO_LONG_TEXT } from '#server/invoices/order-request';
import {
  MINUTE,
  ORDER,
  bearer,
  cleanup,
  createInvoice,
  createTestServer,
  errorText,
  myInvoices,
  paymentLink,
  register,
} from './helpers';

afterAll(cleanup);

const { app, db, clock, config } = await createTestServer();

async function invoiceCount(): Promise<number> {
  const row = await db
    .selectFrom('invoices')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Sends a body that must be refused with 400 and the given text, and checks that no invoice was made. */
async function expectRefused(token: string, body: unknown, text: string) {
  const before = await invoiceCount();
  const res = await createInvoice(app, token, body);
  expect(res.status).toBe(400);
  expect(await errorText(res)).toBe(text);
  expect(await invoiceCount()).toBe(before);
}

describe('POST /api/invoices/create', () => {
  it('creates an unpaid invoice priced from the catalogue and answers 201 with a payment link', async () => {
    const { token, user } = await register(app);
    const res = await createInvoice(app, token, { ...ORDER, url: '  https://example.com/shop  ' });
    expect(res.status).toBe(201);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const body: unknown = await res.json();
    assert(body, PaymentLinkResponse);

    const invoices = await myInvoices(app, token);
    expect(invoices).toEqual([
      {
        _id: expect.any(String),
        amount: 49,
        paid: false,
        paidAt: null,
        createdAt: clock.now().toISOString(),
        service: { title: ORDER.title, type: ORDER.type, url: 'https://example.com/shop' },
        testPayment: true,
        document: null,
        order: {
          status: 'awaitingPayment',
          scheduledAt: null,
          join: null,
          lateReason: null,
          deliveredAt: null,
          reportURL: null,
          calendarURL: null,
          changeUntil: null,
          chosenByCustomer: false,
          callWith: null,
        },
      },
    ]);
    const id = invoices[0]!._id;
    expect(body.paymentLink).toMatch(new RegExp(`^${config.PUBLIC_URL}/pay/sandbox/${id}\\?sig=[A-Za-z0-9_-]{43}$`));
    const row = await db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: user.id, amount_pence: 4900, provider: 'sandbox', provider_ref: null });
  });

  it('accepts every service of the catalogue at its price, with every delivery type, and no URL', async () => {
    const { token } = await register(app);
    for (const [index, service] of services.entries()) {
      const type = SERVICE_TYPES[index % SERVICE_TYPES.length]!;
      const res = await createInvoice(app, token, { amount: service.price, title: service.title, type, url: '' });
      expect(res.status, service.title).toBe(201);
      clock.advance(MINUTE);
    }
    const invoices = await myInvoices(app, token);
    expect(invoices.map((invoice) => [invoice.service.title, invoice.amount, invoice.service.url])).toEqual(
      [...services].reverse().map((service) => [service.title, service.price, '']),
    );
  });

  it('answers 401 without a valid token and creates nothing', async () => {
    const before = await invoiceCount();
    const anonymous = await createInvoice(app, null);
    expect(anonymous.status).toBe(401);
    expect(await errorText(anonymous)).toBe(SIGN_IN_REQUIRED_TEXT);
    const forged = await createInvoice(app, 'A'.repeat(43));
    expect(forged.status).toBe(401);
    expect(await invoiceCount()).toBe(before);
  });

  it('refuses a title that is not in the catalogue (exact match only)', async () => {
    const { token } = await register(app);
    await expectRefused(token, { ...ORDER, title: 'Free Consultation' }, UNKNOWN_SERVICE_TEXT);
    await expectRefused(token, { ...ORDER, title: ORDER.title.toLowerCase() }, UNKNOWN_SERVICE_TEXT);
    await expectRefused(token, { ...ORDER, title: `${ORDER.title} ` }, UNKNOWN_SERVICE_TEXT);
  });

  it('refuses an amount that differs from the catalogue price', async () => {
    const { token } = await register(app);
    for (const amount of [0, 1, 48.99, 49.01, 59, -49, 4900]) {
      await expectRefused(token, { ...ORDER, amount }, PRICE_CHANGED_TEXT);
    }
    // The price of another service is still the wrong price for this one.
    await expectRefused(token, { ...ORDER, title: 'Cybersecurity Assessment', amount: 49 }, PRICE_CHANGED_TEXT);
  });

  it('refuses a delivery type that is not one of the three', async () => {
    const { token } = await register(app);
    for (const type of ['Carrier Pigeon', 'video meeting', '', 42]) {
      await expectRefused(token, { ...ORDER, type }, TYPE_TEXT);
    }
  });

  it('refuses a URL longer than the limit once trimmed, and keeps one exactly at the limit', async () => {
    const { token } = await register(app);
    await expectRefused(token, { ...ORDER, url: 'a'.repeat(APP_URL_MAX + 1) }, URL_TOO_LONG_TEXT);
    await expectRefused(token, { ...ORDER, url: ` ${'b'.repeat(APP_URL_MAX + 1)} ` }, URL_TOO_LONG_TEXT);

    const atLimit = 'c'.repeat(APP_URL_MAX);
    const res = await createInvoice(app, token, { ...ORDER, url: `   ${atLimit}   ` });
    expect(res.status).toBe(201);
    expect((await myInvoices(app, token))[0]!.service.url).toBe(atLimit);
  });

  it('refuses missing or mistyped fields, naming the field', async () => {
    const { token } = await register(app);
    const without = (key: keyof typeof ORDER) => Object.fromEntries(Object.entries(ORDER).filter(([k]) => k !== key));
    await expectRefused(token, without('amount'), 'The price is missing or not a number.');
    await expectRefused(token, { ...ORDER, amount: '49' }, 'The price is missing or not a number.');
    await expectRefused(token, without('title'), 'Please choose a service.');
    await expectRefused(token, without('type'), TYPE_TEXT);
    const urlText = 'Please give the website URL or application name as text (empty when there is none).';
    await expectRefused(token, without('url'), urlText);
    await expectRefused(token, { ...ORDER, url: null }, urlText);
    await expectRefused(token, [ORDER], 'The request body must be an object of fields.');
    await expectRefused(token, null, 'The request body must be an object of fields.');
  });

  it('refuses a body that is not JSON', async () => {
    const { token } = await register(app);
    const broken = await app.request('/api/invoices/create', {
      method: 'POST',
      headers: { ...bearer(token), 'Content-Type': 'application/json' },
      body: '{"amount": 49,',
    });
    expect(broken.status).toBe(400);
    expect(await errorText(broken)).toBe('The request body is not valid JSON.');
    const form = await app.request('/api/invoices/create', {
      method: 'POST',
      headers: bearer(token),
      body: new URLSearchParams({ amount: '49', title: ORDER.title, type: ORDER.type, url: '' }),
    });
    expect(form.status).toBe(415);
    expect(await myInvoices(app, token)).toEqual([]);
  });
});

describe('GET /api/invoices/my', () => {
  it('lists only the caller’s invoices, newest first', async () => {
    const alice = await register(app, { name: 'Alice' });
    const bob = await register(app, { name: 'Bob' });
    const titles = ['Cloud Migration Strategy', 'Cybersecurity Assessment', 'IT Infrastructure Audit'];
    for (const title of titles) {
      const service = services.find((entry) => entry.title === title)!;
      await paymentLink(app, alice.token, { ...ORDER, title, amount: service.price });
      await paymentLink(app, bob.token, { ...ORDER, url: `bob ${title}` });
      clock.advance(MINUTE);
    }
    // Two in the same millisecond: the later one still comes first.
    await paymentLink(app, alice.token, { ...ORDER, url: 'first of two' });
    await paymentLink(app, alice.token, { ...ORDER, url: 'second of two' });

    const mine = await myInvoices(app, alice.token);
    expect(
      mine.map((invoice) => (invoice.service.url === ORDER.url ? invoice.service.title : invoice.service.url)),
    ).toEqual([
      'second of two',
      'first of two',
      'IT Infrastructure Audit',
      'Cybersecurity Assessment',
      'Cloud Migration Strategy',
    ]);
    const createdAt = mine.map((invoice) => invoice.createdAt);
    expect(createdAt).toEqual([...createdAt].sort().reverse());
    expect(mine.map((invoice) => invoice.amount)).toEqual([49, 49, 69, 79, 59]);

    const bobs = await myInvoices(app, bob.token);
    expect(bobs).toHaveLength(3);
    expect(bobs.every((invoice) => invoice.service.url.startsWith('bob '))).toBe(true);
    expect(bobs.some((invoice) => mine.some((other) => other._id === invoice._id))).toBe(false);
  });

  it('answers an empty list to a new customer and 401 without a token', async () => {
    const { token } = await register(app);
    expect(await myInvoices(app, token)).toEqual([]);
    const anonymous = await app.request('/api/invoices/my');
    expect(anonymous.status).toBe(401);
    expect(await errorText(anonymous)).toBe(SIGN_IN_REQUIRED_TEXT);
  });
});

describe('the invoice list as the database writes it', () => {
  it('is the wire mapping of every invoice, whatever state its order is in', async () => {
    const { token, user } = await register(app);
    // Every delivery type, a URL with characters JSON must escape, and an empty one.
    const urls = ['', 'https://example.com/a?b="c"&d=\\e', 'Ünïcode app — “quoted”\n'];
    for (const [index, type] of SERVICE_TYPES.entries()) {
      const service = services[index]!;
      const res = await createInvoice(app, token, {
        ...ORDER,
        title: service.title,
        amount: service.price,
        type,
        url: urls[index],
      });
      expect(res.status).toBe(201);
    }
    for (let i = 0; i < 3; i += 1) expect((await createInvoice(app, token)).status).toBe(201);
    const ids = (await db.selectFrom('invoices').select('id').where('user_id', '=', user.id).execute()).map(
      (row) => row.id,
    );
    expect(ids).toHaveLength(6);
    // Paid through Stripe; scheduled and late, with a way to join; delivered with a report; paid in pence.
    await db
      .updateTable('invoices')
      .set({ paid: 1, paid_at: '2026-11-20T10:00:00.000Z', provider: 'stripe' })
      .where('id', '=', ids[0]!)
      .execute();
    await db.updateTable('invoices').set({ amount_pence: 4999 }).where('id', '=', ids[1]!).execute();
    await db
      .updateTable('orders')
      .set({
        status: 'scheduled',
        scheduled_at: '2026-11-21T09:30:00.000Z',
        join_info: 'https://meet.example/x "y"',
        late_reason: 'Holiday',
      })
      .where('invoice_id', '=', ids[2]!)
      .execute();
    await db
      .updateTable('orders')
      .set({ status: 'delivered', delivered_at: '2026-11-22T12:00:00.000Z', report_name: 'report.pdf' })
      .where('invoice_id', '=', ids[3]!)
      .execute();

    const listed = await myInvoices(app, token);
    const mapped = (await listInvoicesForUser(db, user.id)).map((row) =>
      toWireInvoice(row, { changeCutoffMinutes: 120 }),
    );
    expect(listed).toEqual(mapped);
    expect(listed).toHaveLength(6);
    const states = new Set(listed.map((invoice) => invoice.order?.status));
    expect(states).toEqual(new Set(['awaitingPayment', 'scheduled', 'delivered']));
    expect(listed.some((invoice) => invoice.amount === 49.99)).toBe(true);
  });

  it('is an empty list for a customer without invoices', async () => {
    const { token } = await register(app);
    const res = await app.request('/api/invoices/my', { headers: bearer(token) });
    expect(res.headers.get('Content-Type')).toBe('application/json');
    expect(await res.json()).toEqual({ invoices: [] });
  });
});
