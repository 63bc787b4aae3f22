// "Pay now" with Stripe configured, against a local stand-in for Stripe's API (STRIPE_API_BASE): the invoice's
// Checkout Session is expired before the next one is made, so an invoice never has two that can take money.
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { PAYMENT_UNAVAILABLE_TEXT } from '#server/invoices/payment-link';
import { checkoutEvent } from './stripe-helpers';
import {
  ORDER,
  bearer,
  cleanup,
  createInvoice,
  createTestServer,
  errorText,
  jsonInit,
  myInvoices,
  paymentLink,
  register,
} from './helpers';

const SECRET_KEY = 'sk_test_storefront_renew';
const WEBHOOK_SECRET = 'whsec_storefront_renew_secret';

interface Recorded {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  /** Whether the request carried the client's telemetry of earlier requests, which we turn off. */
  telemetry: boolean;
}

const recorded: Recorded[] = [];
/** What the stand-in says of an expiry: done (the default), or refused with the session's status. */
let expiry: { refusedAs: 'complete' | 'expired' } | null = null;
let sessionCounter = 0;
/** Stripe down: every new session is refused with a 500. */
let failCreate = false;
/** A new session answered without its checkout URL. */
let noURL = false;

const json = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify(body));
};

const stripeStandIn: Server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const path = req.url ?? '';
    const header = req.headers['idempotency-key'];
    recorded.push({
      method: req.method ?? '',
      path,
      idempotencyKey: typeof header === 'string' ? header : undefined,
      telemetry: req.headers['x-stripe-client-telemetry'] !== undefined,
    });
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (expire) {
      if (!expiry) return json(res, 200, { id: expire[1], object: 'checkout.session', status: 'expired' });
      return json(res, 400, {
        error: {
          type: 'invalid_request_error',
          message: 'Only Checkout Sessions with a status of open can be expired.',
        },
      });
    }
    if (retrieve && req.method === 'GET') {
      return json(res, 200, { id: retrieve[1], object: 'checkout.session', status: expiry?.refusedAs ?? 'open' });
    }
    if (failCreate) return json(res, 500, { error: { type: 'api_error', message: 'Stripe is down' } });
    sessionCounter += 1;
    const id = `cs_renew_${sessionCounter}`;
    if (noURL) return json(res, 200, { id, object: 'checkout.session', url: null });
    return json(res, 200, { id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}` });
  });
});

await new Promise<void>((resolve) => stripeStandIn.listen(0, '127.0.0.1', resolve));
const { port } = stripeStandIn.address() as AddressInfo;

const { app, db, logLines } = await createTestServer({
  STRIPE_SECRET_KEY: SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: `http://127.0.0.1:${port}`,
});
const signer = new Stripe(SECRET_KEY);

beforeEach(() => {
  recorded.length = 0;
  expiry = null;
  failCreate = false;
  noURL = false;
});
afterAll(async () => {
  await new Promise<void>((resolve) => stripeStandIn.close(() => resolve()));
  await cleanup();
});

async function invoiceRow(id: string) {
  return db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function orderedInvoice() {
  const { token } = await register(app);
  await paymentLink(app, token);
  const [invoice] = await myInvoices(app, token);
  const row = await invoiceRow(invoice!._id);
  recorded.length = 0;
  return { token, id: row.id, sessionId: row.provider_ref! };
}

function payNow(id: string, token: string) {
  return app.request(`/api/invoices/pay/${id}`, { method: 'POST', headers: bearer(token) });
}

function deliver(event: unknown) {
  const payload = JSON.stringify(event);
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return app.request('/api/payments/stripe/webhook', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body: payload,
  });
}

describe('Pay now with Stripe', () => {
  it('expires the invoice session, then makes a new one keyed by the session it replaces', async () => {
    const { token, id, sessionId } = await orderedInvoice();
    const res = await payNow(id, token);
    expect(res.status).toBe(200);
    const next = `cs_renew_${sessionCounter}`;
    expect(await res.json()).toEqual({ paymentLink: `https://checkout.stripe.test/c/pay/${next}` });
    expect(recorded.map(({ method, path }) => `${method} ${path}`)).toEqual([
      `POST /v1/checkout/sessions/${sessionId}/expire`,
      'POST /v1/checkout/sessions',
    ]);
    expect(recorded[1]!.idempotencyKey).toBe(`invoice-${id}-after-${sessionId}`);
    // The second request of a client would carry the first one's timings to Stripe: ours tells nothing.
    expect(recorded.map(({ telemetry }) => telemetry)).toEqual([false, false]);
    expect(await invoiceRow(id)).toMatchObject({ paid: 0, provider: 'stripe', provider_ref: next });

    // Only the new session's payment is the invoice's: an event for the old one is not applied.
    expect((await deliver(checkoutEvent(id, sessionId))).status).toBe(200);
    expect((await invoiceRow(id)).paid).toBe(0);
    expect((await deliver(checkoutEvent(id, next))).status).toBe(200);
    expect((await invoiceRow(id)).paid).toBe(1);
  });

  it('a session that expired by itself is replaced all the same', async () => {
    const { token, id, sessionId } = await orderedInvoice();
    expiry = { refusedAs: 'expired' };
    const res = await payNow(id, token);
    expect(res.status).toBe(200);
    expect(recorded.map(({ method, path }) => `${method} ${path}`)).toEqual([
      `POST /v1/checkout/sessions/${sessionId}/expire`,
      `GET /v1/checkout/sessions/${sessionId}`,
      'POST /v1/checkout/sessions',
    ]);
    expect((await invoiceRow(id)).provider_ref).toBe(`cs_renew_${sessionCounter}`);
  });

  it('gives an invoice Stripe had no session for (it was down) its first one, keyed by the invoice', async () => {
    const { token } = await register(app);
    failCreate = true;
    expect((await createInvoice(app, token)).status).toBe(502);
    const [invoice] = await myInvoices(app, token);
    expect((await invoiceRow(invoice!._id)).provider_ref).toBeNull();
    failCreate = false;
    recorded.length = 0;
    const res = await payNow(invoice!._id, token);
    expect(res.status).toBe(200);
    expect(recorded.map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /v1/checkout/sessions']);
    expect(recorded[0]!.idempotencyKey).toBe(`invoice-${invoice!._id}`);
    expect((await invoiceRow(invoice!._id)).provider_ref).toBe(`cs_renew_${sessionCounter}`);
  });

  it('a session answered without its checkout URL is no link: 502, and the invoice keeps the one it had', async () => {
    const { token, id, sessionId } = await orderedInvoice();
    noURL = true;
    const res = await payNow(id, token);
    expect(res.status).toBe(502);
    expect(await errorText(res)).toBe(PAYMENT_UNAVAILABLE_TEXT);
    expect(await invoiceRow(id)).toMatchObject({ paid: 0, provider_ref: sessionId });
  });

  it('a session already completed is not replaced: 502, no new session, the invoice unchanged', async () => {
    const { token, id, sessionId } = await orderedInvoice();
    expiry = { refusedAs: 'complete' };
    const res = await payNow(id, token);
    expect(res.status).toBe(502);
    expect(await errorText(res)).toBe(PAYMENT_UNAVAILABLE_TEXT);
    expect(recorded.some(({ path }) => path === '/v1/checkout/sessions')).toBe(false);
    expect(await invoiceRow(id)).toMatchObject({ paid: 0, provider_ref: sessionId });
  });
});

describe('an order retried with its Idempotency-Key', () => {
  const order = (token: string) =>
    app.request('/api/invoices/create', jsonInit('POST', ORDER, { ...bearer(token), 'Idempotency-Key': 'retried' }));

  it('asks Stripe again only while it has no link: the same invoice, then the same link', async () => {
    const { token } = await register(app);
    failCreate = true;
    const first = await order(token);
    expect(first.status).toBe(502);
    expect(await errorText(first)).toBe(PAYMENT_UNAVAILABLE_TEXT);
    const [invoice] = await myInvoices(app, token);
    expect(logLines.find((line) => line.msg === 'no payment link' && line.invoiceId === invoice!._id)).toMatchObject({
      level: 50,
      invoiceId: invoice!._id,
      provider: 'stripe',
      reason: 'Error: Stripe is down',
    });

    // Stripe is back: the retry makes the session the first attempt could not, for the same invoice.
    failCreate = false;
    recorded.length = 0;
    const retry = await order(token);
    expect(retry.status).toBe(201);
    const { paymentLink: link } = (await retry.json()) as { paymentLink: string };
    expect(link).toBe(`https://checkout.stripe.test/c/pay/cs_renew_${sessionCounter}`);
    expect(recorded.map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /v1/checkout/sessions']);
    expect(await myInvoices(app, token)).toMatchObject([{ _id: invoice!._id, testPayment: false }]);

    // Once it has a link, a retry asks Stripe for nothing.
    recorded.length = 0;
    expect(await (await order(token)).json()).toEqual({ paymentLink: link });
    expect(recorded).toEqual([]);
  });
});
