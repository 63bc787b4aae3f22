/**
 * Payments fail closed: the sandbox checkout (where any customer marks their own invoice paid) runs only on
 * a loopback PUBLIC_URL or when PAYMENTS=sandbox names it; a public site without Stripe's keys is refused by
 * its configuration (what `npm start` then does is payments-fail-closed.test.ts's). In-process, so that the
 * server's mutation run has these tests too.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { ConfigError } from '#server/config-values';
import { createPaymentProvider, paymentProviderName } from '#server/payments';
import { cleanup, createTestServer, myInvoices, paymentLink, register } from './helpers';

afterAll(cleanup);

const secret = () => Promise.resolve('a-signing-secret-of-thirty-two-chars!');

describe('choosing the payment provider', () => {
  it('refuses a public address with no Stripe keys, and says what to set', () => {
    for (const PUBLIC_URL of ['https://shop.example', 'http://192.168.1.20:3000', 'http://10.0.0.5']) {
      expect(() => loadConfig({ PUBLIC_URL, MAIL: 'outbox' })).toThrow(ConfigError);
      expect(() => loadConfig({ PUBLIC_URL, MAIL: 'outbox' })).toThrow(/STRIPE_SECRET_KEY.*PAYMENTS=sandbox/s);
    }
  });

  it('keeps the sandbox a loopback tool: listening beyond loopback needs PAYMENTS=sandbox or Stripe', () => {
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20']) {
      expect(() => loadConfig({ HOST, MAIL: 'outbox' })).toThrow(/on HOST .*PAYMENTS=sandbox/s);
      expect(paymentProviderName(loadConfig({ HOST, PAYMENTS: 'sandbox', MAIL: 'outbox' }))).toBe('sandbox');
    }
  });

  it('runs the sandbox on a loopback address, or on any address when PAYMENTS=sandbox says so', () => {
    for (const PUBLIC_URL of [
      'http://localhost:3000',
      'http://127.0.0.1:8080',
      'http://[::1]:3000',
      'http://shop.localhost',
    ]) {
      expect(paymentProviderName(loadConfig({ PUBLIC_URL }))).toBe('sandbox');
    }
    const staging = { PUBLIC_URL: 'https://staging.shop.example', PAYMENTS: 'sandbox', MAIL: 'outbox' };
    expect(paymentProviderName(loadConfig(staging))).toBe('sandbox');
    expect(createPaymentProvider(loadConfig(staging), secret).name).toBe('sandbox');
  });

  it('uses Stripe when its keys are set, and refuses to be told both', () => {
    const stripe = {
      PUBLIC_URL: 'https://shop.example',
      SMTP_URL: 'smtp://mail.shop.example:587',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    };
    expect(paymentProviderName(loadConfig(stripe))).toBe('stripe');
    expect(createPaymentProvider(loadConfig(stripe), secret).name).toBe('stripe');
    expect(() => loadConfig({ ...stripe, PAYMENTS: 'sandbox' })).toThrow(/choose one payment provider/);
  });
});

describe('the invoice list', () => {
  it('marks invoices of the sandbox checkout as test payments', async () => {
    const { app } = await createTestServer();
    const account = await register(app);
    await paymentLink(app, account.token);
    const [invoice] = await myInvoices(app, account.token);
    expect(invoice?.testPayment).toBe(true);
  });
});
