/**
 * Payments fail closed, at start-up: `npm start` on a public address without Stripe's keys (or without a mail
 * server) exits and says why, and names the provider it starts with. The choice itself, in-process, is
 * payments-provider.test.ts's.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanup } from './helpers';
import { START_COMMAND, START_ENV } from './spawned-server';

afterAll(cleanup);

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
