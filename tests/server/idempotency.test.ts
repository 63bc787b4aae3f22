/** POST /api/invoices/create with an `Idempotency-Key`: a retried order makes no second invoice. */
import { afterAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_REUSED_TEXT, IDEMPOTENCY_KEY_TEXT } from '#server/invoices/idempotency';
import { runCleanup } from '#server/jobs/cleanup';
import {
  DAY,
  ORDER,
  bearer,
  cleanup,
  createCapturedLog,
  createTestServer,
  errorText,
  jsonInit,
  myInvoices,
  register,
} from './helpers';

afterAll(cleanup);

const { app, db, clock, config } = await createTestServer();

function order(token: string, key: string | null, body: unknown = ORDER) {
  return app.request(
    '/api/invoices/create',
    jsonInit('POST', body, { ...bearer(token), ...(key === null ? {} : { 'Idempotency-Key': key }) }),
  );
}

describe('Idempotency-Key on invoice creation', () => {
  it('answers a retry with the first invoice’s link and makes no second invoice', async () => {
    const account = await register(app);
    const first = await order(account.token, 'order-1');
    expect(first.status).toBe(201);
    const retry = await order(account.token, 'order-1');
    expect(retry.status).toBe(201);
    expect(await retry.json()).toEqual(await first.json());
    expect(await myInvoices(app, account.token)).toHaveLength(1);

    // Without a key, or with a new one, each order is its own invoice.
    expect((await order(account.token, 'order-2')).status).toBe(201);
    expect((await order(account.token, null)).status).toBe(201);
    expect(await myInvoices(app, account.token)).toHaveLength(3);
  });

  it('makes one invoice when the same key arrives several times at once', async () => {
    const account = await register(app);
    const answers = await Promise.all(Array.from({ length: 5 }, () => order(account.token, 'double-click')));
    expect(answers.map((res) => res.status)).toEqual([201, 201, 201, 201, 201]);
    const links = new Set(
      await Promise.all(answers.map(async (res) => ((await res.json()) as { paymentLink: string }).paymentLink)),
    );
    expect(links.size).toBe(1);
    expect(await myInvoices(app, account.token)).toHaveLength(1);
  });

  it('refuses the same key for a different order, and keys are per customer', async () => {
    const account = await register(app);
    expect((await order(account.token, 'shared')).status).toBe(201);
    const other = await order(account.token, 'shared', { ...ORDER, type: 'Phone Call' });
    expect(other.status).toBe(409);
    expect(await errorText(other)).toBe(IDEMPOTENCY_KEY_REUSED_TEXT);

    const someoneElse = await register(app);
    expect((await order(someoneElse.token, 'shared')).status).toBe(201);
    expect(await myInvoices(app, someoneElse.token)).toHaveLength(1);
  });

  it('refuses a malformed key', async () => {
    const account = await register(app);
    for (const key of ['', 'has space', 'x'.repeat(256), 'naïve']) {
      const res = await order(account.token, key);
      expect(res.status).toBe(400);
      expect(await errorText(res)).toBe(IDEMPOTENCY_KEY_TEXT);
    }
    expect(await myInvoices(app, account.token)).toHaveLength(0);
  });

  it('forgets a key after a day, so it may name a new order', async () => {
    const account = await register(app);
    expect((await order(account.token, 'daily')).status).toBe(201);
    clock.advance(DAY + 1000);
    expect((await order(account.token, 'daily', { ...ORDER, type: 'Phone Call' })).status).toBe(201);
    clock.advance(DAY + 1000);
    const result = await runCleanup({ db, clock, config, log: createCapturedLog().log });
    expect(result.expiredIdempotencyKeys).toBeGreaterThanOrEqual(1);
  });
});
