// Stripe mode, against a tiny local HTTP server standing in for Stripe's API (STRIPE_API_BASE), and webhooks
// signed with the stripe package's own test helper.
import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { PAYMENT_UNAVAILABLE_TEXT } from '#server/invoices/payment-link';
import { BAD_SIGNATURE_TEXT, MALFORMED_EVENT_TEXT } from '#server/payments/stripe-webhook';
import { checkoutEvent } from './stripe-helpers';
import {
  MINUTE,
  ORDER,
  cleanup,
  createInvoice,
  createTestServer,
  errorText,
  myInvoices,
  paymentLink,
  register,
} from './helpers';

const SECRET_KEY = 'sk_test_storefront_123';
const WEBHOOK_SECRET = 'whsec_storefront_test_secret';

interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}

const recorded: RecordedRequest[] = [];
/** What the stand-in answers next: a session (the default) or an API error. */
let failNext: { status: number; body: unknown } | null = null;
let sessionCounter = 0;

const stripeStandIn: Server = createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (body += chunk));
  req.on('end', () => {
    recorded.push({
      method: req.method ?? '',
      path: req.url ?? '',
      headers: req.headers,
      form: new URLSearchParams(body),
    });
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Request-Id', `req_${recorded.length}`);
    if (failNext) {
      res.statusCode = failNext.status;
      res.end(JSON.stringify(failNext.body));
      return;
    }
    sessionCounter += 1;
    const id = `cs_test_${sessionCounter}`;
    res.end(JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}` }));
  });
});

await new Promise<void>((resolve) => stripeStandIn.listen(0, '127.0.0.1', resolve));
const { port } = stripeStandIn.address() as AddressInfo;

const { app, db, clock, config, logLines } = await createTestServer({
  STRIPE_SECRET_KEY: SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: `http://127.0.0.1:${port}`,
});
const signer = new Stripe(SECRET_KEY);

beforeEach(() => {
  recorded.length = 0;
  failNext = null;
});
afterAll(async () => {
  await new Promise<void>((resolve) => stripeStandIn.close(() => resolve()));
  await cleanup();
});

async function invoiceRow(id: string) {
  return db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** A new customer with one invoice for `ORDER`, created through Stripe; returns its id and session id. */
async function orderedInvoice() {
  const { token, user } = await register(app);
  await paymentLink(app, token);
  const [invoice] = await myInvoices(app, token);
  const row = await invoiceRow(invoice!._id);
  return { token, user, id: row.id, sessionId: row.provider_ref! };
}

function deliver(
  payload: string,
  signature: string | null = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
) {
  return app.request('/api/payments/stripe/webhook', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(signature === null ? {} : { 'Stripe-Signature': signature }) },
    body: payload,
  });
}

async function eventCount(): Promise<number> {
  return (await db.selectFrom('payment_events').select('event_id').execute()).length;
}

describe('creating an invoice with Stripe configured', () => {
  it('creates a Checkout Session priced from the catalogue and answers its URL', async () => {
    const { token, user } = await register(app);
    const res = await createInvoice(app, token, {
      amount: 79,
      title: 'Cybersecurity Assessment',
      type: 'Phone Call',
      url: 'intranet',
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ paymentLink: `https://checkout.stripe.test/c/pay/cs_test_${sessionCounter}` });

    const [invoice] = await myInvoices(app, token);
    expect(invoice).toMatchObject({ amount: 79, paid: false, paidAt: null });
    expect(recorded).toHaveLength(1);
    const request = recorded[0]!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/checkout/sessions');
    expect(request.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(request.headers['idempotency-key']).toBe(`invoice-${invoice!._id}`);
    expect(Object.fromEntries(request.form)).toEqual({
      mode: 'payment',
      client_reference_id: invoice!._id,
      'metadata[invoiceId]': invoice!._id,
      customer_email: user.email,
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'gbp',
      'line_items[0][price_data][unit_amount]': '7900',
      'line_items[0][price_data][product_data][name]': 'Cybersecurity Assessment',
      'line_items[0][price_data][product_data][description]': 'Audio call',
      success_url: `${config.PUBLIC_URL}/invoices?payment=paid`,
      cancel_url: `${config.PUBLIC_URL}/invoices?payment=cancelled`,
    });
    expect(await invoiceRow(invoice!._id)).toMatchObject({
      provider: 'stripe',
      provider_ref: `cs_test_${sessionCounter}`,
      amount_pence: 7900,
    });
  });

  it('answers 502 when Stripe refuses, and the invoice stays unpaid', async () => {
    const { token } = await register(app);
    failNext = { status: 400, body: { error: { type: 'invalid_request_error', message: 'Invalid API key' } } };
    const res = await createInvoice(app, token);
    expect(res.status).toBe(502);
    expect(await errorText(res)).toBe(PAYMENT_UNAVAILABLE_TEXT);
    expect(recorded).toHaveLength(1);
    const invoices = await myInvoices(app, token);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ paid: false, paidAt: null });
    expect((await invoiceRow(invoices[0]!._id)).provider_ref).toBeNull();
  });

  it('has no sandbox checkout', async () => {
    const { id } = await orderedInvoice();
    const res = await app.request(`/pay/sandbox/${id}/pay`, {
      method: 'POST',
      body: new URLSearchParams({ sig: 'x' }),
    });
    expect(res.status).toBe(404);
    expect((await invoiceRow(id)).paid).toBe(0);
  });
});

describe('POST /api/payments/stripe/webhook', () => {
  it('marks the invoice paid on a signed checkout.session.completed', async () => {
    const { token, id, sessionId } = await orderedInvoice();
    clock.advance(3 * MINUTE);
    const res = await deliver(JSON.stringify(checkoutEvent(id, sessionId)));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    const paidAt = clock.now().toISOString();
    expect((await myInvoices(app, token))[0]).toMatchObject({ _id: id, paid: true, paidAt });
    expect(await invoiceRow(id)).toMatchObject({ provider: 'stripe', provider_ref: sessionId });
  });

  it('refuses a bad or missing signature with 400 and changes nothing', async () => {
    const { id, sessionId } = await orderedInvoice();
    const payload = JSON.stringify(checkoutEvent(id, sessionId));
    const eventsBefore = await eventCount();
    const wrongSecret = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    const stale = signer.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    const validForOther = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = payload.replace('"amount_total":4900', '"amount_total":4901');
    expect(tampered).not.toBe(payload);

    for (const [body, signature] of [
      [payload, wrongSecret],
      [payload, stale],
      [payload, null],
      [payload, 'garbage'],
      [tampered, validForOther],
    ] as const) {
      const res = await deliver(body, signature);
      expect(res.status).toBe(400);
      expect(await errorText(res)).toBe(BAD_SIGNATURE_TEXT);
    }
    expect(await invoiceRow(id)).toMatchObject({ paid: 0, paid_at: null });
    expect(await eventCount()).toBe(eventsBefore);
  });

  it('applies each event once: a replay is a 200 no-op', async () => {
    const { id, sessionId } = await orderedInvoice();
    const payload = JSON.stringify(checkoutEvent(id, sessionId));
    expect((await deliver(payload)).status).toBe(200);
    const first = (await invoiceRow(id)).paid_at;
    expect(first).toBe(clock.now().toISOString());
    const eventsAfterFirst = await eventCount();

    clock.advance(10 * MINUTE);
    const replay = await deliver(payload);
    expect(replay.status).toBe(200);
    expect((await invoiceRow(id)).paid_at).toBe(first);
    expect(await eventCount()).toBe(eventsAfterFirst);

    // The event id, not only the invoice's state, is what is remembered: were the invoice unpaid again
    // (say, a refund recorded by hand), the old event would still not pay it.
    await db.updateTable('invoices').set({ paid: 0, paid_at: null }).where('id', '=', id).execute();
    expect((await deliver(payload)).status).toBe(200);
    expect(await invoiceRow(id)).toMatchObject({ paid: 0, paid_at: null });
  });

  it('accepts and ignores an unrelated event type', async () => {
    const { id, sessionId } = await orderedInvoice();
    const eventsBefore = await eventCount();
    for (const type of ['checkout.session.expired', 'customer.created', 'payment_intent.created']) {
      const res = await deliver(JSON.stringify(checkoutEvent(id, sessionId, { type })));
      expect(res.status, type).toBe(200);
    }
    expect(await invoiceRow(id)).toMatchObject({ paid: 0, paid_at: null });
    expect(await eventCount()).toBe(eventsBefore + 3);
  });

  it('does not mark paid a session that is unpaid, for another amount, or not the invoice’s own', async () => {
    const { id, sessionId } = await orderedInvoice();
    const pence = ORDER.amount * 100;
    // The operator reads why each was not applied; an unpaid one is only waiting, and says nothing.
    const cases: Array<[Record<string, unknown>, string | null]> = [
      [{ payment_status: 'unpaid' }, null],
      [{ amount_total: 100 }, `paid 100 gbp, not the ${pence} gbp of invoice ${id}`],
      [{ currency: 'usd' }, `paid ${pence} usd, not the ${pence} gbp of invoice ${id}`],
      [{ id: 'cs_test_someone_elses' }, `is not the session made for invoice ${id}`],
      [{ metadata: {}, client_reference_id: 'no-such-invoice' }, 'names no invoice of ours'],
    ];
    for (const [session, problem] of cases) {
      const event = checkoutEvent(id, sessionId, { session });
      const res = await deliver(JSON.stringify(event));
      expect(res.status, JSON.stringify(session)).toBe(200);
      expect((await invoiceRow(id)).paid, JSON.stringify(session)).toBe(0);
      const said = logLines.filter((line) => line.stripeEvent === event.id);
      const of = event.data.object.id;
      expect(said.map(({ level, event: name, session: about, msg }) => ({ level, name, of: about, msg }))).toEqual(
        problem === null
          ? []
          : [
              {
                level: 40,
                name: 'payment.not_applied',
                of,
                msg: `Stripe event ${event.id} (session ${of}) ${problem}; not applied`,
              },
            ],
      );
    }
    // A delayed payment that succeeds later confirms it.
    const later = await deliver(
      JSON.stringify(checkoutEvent(id, sessionId, { type: 'checkout.session.async_payment_succeeded' })),
    );
    expect(later.status).toBe(200);
    expect((await invoiceRow(id)).paid).toBe(1);
  });

  it('refuses a signed event of the wrong shape with 400, each fault alone, and records nothing', async () => {
    const { id, sessionId } = await orderedInvoice();
    const event = (overrides: Parameters<typeof checkoutEvent>[2] = {}) =>
      checkoutEvent(id, sessionId, overrides) as Record<string, unknown>;
    const eventsBefore = await eventCount();
    const wrong: [string, unknown][] = [
      ['an array', [event()]],
      ['no id', { ...event(), id: undefined }],
      ['a number for the type', { ...event(), type: 7 }],
      ['an id with a space', event({ id: 'evt test' })],
      ['no session object', { ...event(), data: {} }],
      ['a number for the session id', event({ session: { id: 42 } })],
      ['a session id too long', event({ session: { id: `cs_${'x'.repeat(300)}` } })],
      ['a number for the client reference', event({ session: { client_reference_id: 7 } })],
      ['an object for the currency', event({ session: { currency: { code: 'gbp' } } })],
      ['text for the amount', event({ session: { amount_total: '4900' } })],
      ['a list for the metadata', event({ session: { metadata: [id] } })],
      ['a number for the invoice id', event({ session: { metadata: { invoiceId: 12 } } })],
    ];
    for (const [what, body] of wrong) {
      const res = await deliver(JSON.stringify(body));
      expect(res.status, what).toBe(400);
      expect(await errorText(res), what).toBe(MALFORMED_EVENT_TEXT);
    }
    // Absent or null where Stripe may leave them out: accepted (JSON leaves an undefined out).
    for (const session of [
      { amount_total: null },
      { amount_total: undefined },
      { metadata: undefined, client_reference_id: id },
      { metadata: null, client_reference_id: id },
      { metadata: { invoiceId: null }, client_reference_id: id },
    ]) {
      const res = await deliver(JSON.stringify(event({ session })));
      expect(res.status, JSON.stringify(session)).toBe(200);
    }
    expect(await eventCount()).toBe(eventsBefore + 5);
    // Paid by the first with the metadata absent; a missing amount is another amount, refused without an error.
    expect((await invoiceRow(id)).paid).toBe(1);
  });

  it('finds the invoice by client_reference_id when the metadata is missing', async () => {
    const { id, sessionId } = await orderedInvoice();
    const res = await deliver(JSON.stringify(checkoutEvent(id, sessionId, { session: { metadata: null } })));
    expect(res.status).toBe(200);
    expect((await invoiceRow(id)).paid).toBe(1);
  });
});
