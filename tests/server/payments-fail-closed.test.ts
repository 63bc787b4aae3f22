/**
 * Payments fail closed: the sandbox checkout (where any customer marks their own invoice paid) runs only on
 * a loopback PUBLIC_URL or when PAYMENTS=sandbox names it; a public site without Stripe's keys does not start.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { ConfigError } from '#server/config-values';
import { paymentProviderName } from '#server/payments';
import { cleanup, createTestServer, myInvoices, paymentLink, register } from './helpers';
import { START_COMMAND, START_ENV } from './spawned-server';

afterAll(cleanup);

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
  });

  it('uses Stripe when its keys are set, and refuses to be told both', () => {
    const stripe = {
      PUBLIC_URL: 'https://shop.example',
      SMTP_URL: 'smtp://mail.shop.example:587',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    };
    expect(paymentProviderName(loadConfig(stripe))).toBe('stripe');
    expect(() => loadConfig({ ...stripe, PAYMENTS: 'sandbox' })).toThrow(/choose one payment provider/);
  });
});

describe('start-up', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  /** Runs `npm start`'s entry with the environment given; resolves with its exit code and output. */
  function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
    const dataDir = mkdtempSync(join(tmpdir(), 'storefront-failclosed-'));
    dirs.push(dataDir);
    const child = spawn(process.execPath, START_COMMAND, {
      env: {
        ...process.env,
        ...START_ENV,
        DATA_DIR: dataDir,
        STATIC_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      // Up and serving: the payment line has been printed; stop it.
      if (output.includes('listening on')) child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
  }

  it('does not start on a public address without Stripe, and says why', async () => {
    const { code, output } = await start({ PUBLIC_URL: 'https://shop.example' });
    expect(code).toBe(1);
    expect(output).toContain('No payment provider for https://shop.example');
    expect(output).not.toContain('listening on');
  });

  it('does not start on a public address without a mail server, and says why', async () => {
    const { code, output } = await start({ PUBLIC_URL: 'https://shop.example', PAYMENTS: 'sandbox' });
    expect(code).toBe(1);
    expect(output).toContain('No mail server for https://shop.example');
    expect(output).not.toContain('listening on');
  });

  it('logs the payment provider it starts with', async () => {
    const { output } = await start({ PUBLIC_URL: 'http://localhost:3000' });
    expect(output).toContain('payments: SANDBOX test checkout (no money moves; loopback PUBLIC_URL)');
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
