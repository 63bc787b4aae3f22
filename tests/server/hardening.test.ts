/**
 * Requests built to break the server rather than use it: each must get a 4xx in the error shape, never a
 * 500, and must leave nothing at error level in the log. (The fuzz suite, fuzz-*.test.ts, throws generated
 * requests of every kind at every endpoint; these are the cases it or a review found, pinned down.)
 */
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { JSON_MAX_DEPTH, JSON_TOO_DEEP_TEXT, jsonNestingExceeds } from '#server/http/validate';
import { insertInvoice } from '#server/invoices/new-invoice';
import { MALFORMED_EVENT_TEXT } from '#server/payments/stripe-webhook';
import { bearer, cleanup, createTestServer, errorText, jsonInit, PASSWORD, register, uniqueEmail } from './helpers';

afterAll(cleanup);

// Google sign-in configured (its provider unreachable), so its two routes read their bodies too.
const server = await createTestServer({
  OAUTH_CLIENT_ID: 'storefront-test',
  OAUTH_TOKENINFO_URL: 'http://127.0.0.1:9/tokeninfo',
  OAUTH_USERINFO_URL: 'http://127.0.0.1:9/me',
  OAUTH_TIMEOUT_MS: 200,
});
const { app, logLines } = server;
const account = await register(app);

/** Every route that reads a JSON body (the form routes accept JSON too). */
const JSON_ROUTES: Array<[method: string, path: string]> = [
  ['POST', '/api/auth/register/email'],
  ['POST', '/api/auth/login/email'],
  ['POST', '/api/auth/register/google'],
  ['POST', '/api/auth/login/google'],
  ['PATCH', '/api/users/profile/update'],
  ['PATCH', '/api/users/password/change'],
  ['POST', '/api/users/password/forgot'],
  ['POST', '/api/users/verify/email'],
  ['POST', '/api/users/record-visit'],
  ['POST', '/api/invoices/create'],
];

function send(method: string, path: string, body: string) {
  return app.request(path, {
    method,
    headers: { 'Content-Type': 'application/json', ...bearer(account.token) },
    body,
  });
}

const errorLines = () => logLines.filter((line) => line.level >= 50);

const nestedArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const nestedObjects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

describe('deeply nested JSON bodies', () => {
  // About 10 KB each: once a stack overflow in the validator's error text, answered 500.
  const hostile = {
    arrays: nestedArrays(5000),
    objects: nestedObjects(2000),
    'arrays inside a field': `{"name":${nestedArrays(5000)},"email":"a@example.com"}`,
    'mixed, inside a list': `[${'{"a":['.repeat(1500)}${']}'.repeat(1500)}]`,
  };

  for (const [name, body] of Object.entries(hostile)) {
    it.each(JSON_ROUTES)(`are refused with 400 (${name}): %s %s`, async (method, path) => {
      const res = await send(method, path, body);
      expect(res.status).toBe(400);
      expect(await errorText(res)).toBe(JSON_TOO_DEEP_TEXT);
      expect(errorLines()).toEqual([]);
    });
  }

  it(`lets ${JSON_MAX_DEPTH} levels through to the usual validation, and refuses ${JSON_MAX_DEPTH + 1}`, async () => {
    const atLimit = await send('POST', '/api/auth/login/email', nestedArrays(JSON_MAX_DEPTH));
    expect(atLimit.status).toBe(400);
    expect(await errorText(atLimit)).toBe('The request body must be an object of fields.');
    const field = (depth: number) => `{"email":${nestedArrays(depth - 1)},"password":"x"}`;
    const fieldAtLimit = await send('POST', '/api/auth/login/email', field(JSON_MAX_DEPTH));
    expect(await errorText(fieldAtLimit)).toBe('Please enter a valid e-mail address.');

    const over = await send('POST', '/api/auth/login/email', nestedArrays(JSON_MAX_DEPTH + 1));
    expect(await errorText(over)).toBe(JSON_TOO_DEEP_TEXT);
    const fieldOver = await send('POST', '/api/auth/login/email', field(JSON_MAX_DEPTH + 1));
    expect(await errorText(fieldOver)).toBe(JSON_TOO_DEEP_TEXT);
  });

  it('does not count brackets inside strings', async () => {
    const name = `${'[{'.repeat(40)}"\\"]}`;
    const res = await app.request(
      '/api/auth/register/email',
      jsonInit('POST', { name: name.slice(0, 100), email: uniqueEmail('brackets'), password: PASSWORD }),
    );
    expect(res.status).toBe(201);
  });

  it('measures the nesting in one pass, strings and escapes included', () => {
    expect(jsonNestingExceeds('[[1]]', 2)).toBe(false);
    expect(jsonNestingExceeds('[[[1]]]', 2)).toBe(true);
    expect(jsonNestingExceeds('[{"a":[1]}]', 2)).toBe(true);
    expect(jsonNestingExceeds('[1],[2],[3]', 1)).toBe(false);
    expect(jsonNestingExceeds('["[[[[", "\\"[[[[\\\\"]', 1)).toBe(false);
    expect(jsonNestingExceeds('["\\\\", [[1]]]', 2)).toBe(true);
    expect(jsonNestingExceeds('{'.repeat(100_000), 32)).toBe(true);
  });
});

describe('fields named like the methods that turn a value into text', () => {
  // `${{ toString: 1 }}` throws; the validator writes rejected values into its error text that way.
  it.each(JSON_ROUTES)('are ignored rather than answered with 500: %s %s', async (method, path) => {
    for (const body of ['{"name":{"toString":1}}', '[{"toString":1}]', '{"email":[{"valueOf":{},"toString":[]}]}']) {
      const res = await send(method, path, body);
      expect(res.status, body).toBeGreaterThanOrEqual(400);
      expect(res.status, body).toBeLessThan(500);
      await errorText(res);
    }
    expect(errorLines()).toEqual([]);
  });

  it('do not stop an otherwise valid request', async () => {
    const email = uniqueEmail('tostring');
    const res = await app.request(
      '/api/auth/register/email',
      jsonInit('POST', { name: 'Ada', email, password: PASSWORD, toString: 1, valueOf: { toString: 2 } }),
    );
    expect(res.status).toBe(201);
  });
});

describe('validly signed Stripe webhook events of the wrong shape', () => {
  const WEBHOOK_SECRET = 'whsec_hardening';
  const signer = new Stripe('sk_test_hardening');

  async function deliver(payload: string) {
    const stripe = await stripeServer;
    const before = stripe.logLines.length;
    const res = await stripe.app.request('/api/payments/stripe/webhook', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Stripe-Signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      body: payload,
    });
    return { res, errors: stripe.logLines.slice(before).filter((line) => line.level >= 50) };
  }

  const stripeServer = createTestServer({
    STRIPE_SECRET_KEY: 'sk_test_hardening',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: 'http://127.0.0.1:9',
  });

  const paid = (object: unknown) =>
    JSON.stringify({ id: `evt_${Math.random()}`, type: 'checkout.session.completed', data: { object } });

  it.each([
    ['an array', '[]'],
    ['a string', '"evt"'],
    ['an event without an id', '{"type":"checkout.session.completed","data":{"object":{}}}'],
    ['an id that is an object', '{"id":{},"type":"ping","data":{"object":{}}}'],
    ['a payment event without data', '{"id":"evt_nodata","type":"checkout.session.completed","data":null}'],
    ['a session whose id is not text', paid({ id: { x: 1 }, payment_status: 'paid', metadata: { invoiceId: 'x' } })],
    ['an event id of thousands of characters', JSON.stringify({ id: '𐀀'.repeat(2000), type: 'ping', data: {} })],
    ['a session id with characters Stripe never uses', paid({ id: 'cs_1\u0000', payment_status: 'paid' })],
    [
      'an invoice id that is an object',
      paid({ id: 'cs_1', payment_status: 'paid', metadata: { invoiceId: { a: 1 } } }),
    ],
    ['a client reference that is a list', paid({ id: 'cs_2', payment_status: 'paid', client_reference_id: [1] })],
    [
      'an invoice id that cannot be printed',
      paid({ id: 'cs_3', payment_status: 'paid', metadata: { invoiceId: { toString: [] } } }),
    ],
  ])('are refused with 400 (%s), never 500', async (_label, payload) => {
    const { res, errors } = await deliver(payload);
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe(MALFORMED_EVENT_TEXT);
    expect(errors).toEqual([]);
  });

  it('refuses an amount that is not a number for an invoice that exists (once a 500 writing the log line)', async () => {
    const stripe = await stripeServer;
    const owner = await register(stripe.app);
    const invoice = await insertInvoice(stripe.db, {
      userId: owner.user.id,
      amountPence: 4900,
      title: 'Website Development Consultation',
      type: 'Video Meeting',
      url: '',
      provider: 'stripe',
      now: stripe.clock.now(),
    });
    for (const amount of [{ toString: [] }, '4900', [4900]]) {
      const session = { id: 'cs_4', payment_status: 'paid', amount_total: amount, currency: 'gbp' };
      const { res, errors } = await deliver(paid({ ...session, client_reference_id: invoice.id }));
      expect(res.status).toBe(400);
      expect(errors).toEqual([]);
    }
    const { res } = await deliver(paid({ id: 'cs_4', payment_status: 'paid', currency: { toString: 1 } }));
    expect(res.status).toBe(400);
  });

  it('still accepts (and ignores) events of other types whatever their object', async () => {
    const { res, errors } = await deliver('{"id":"evt_other","type":"customer.created","data":{"object":[1,2]}}');
    expect(res.status).toBe(200);
    expect(errors).toEqual([]);
  });
});
