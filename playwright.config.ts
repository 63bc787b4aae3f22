import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// The real built server on a temporary database. The config is evaluated again in each worker;
// the environment keeps one directory and one port for the whole run.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'storefront-e2e-'));
process.env.E2E_MAIL_DIR ??= mkdtempSync(join(tmpdir(), 'storefront-e2e-mail-'));
process.env.E2E_PORT ??= String(3100 + Math.floor(Math.random() * 800));
const port = Number(process.env.E2E_PORT);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [
    ['list'],
    ['html', { open: 'never', outputFolder: 'playwright-report' }],
    ['json', { outputFile: 'reports/playwright.json' }],
  ],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'npx tsx tests/e2e/serve.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      E2E_MAIL_DIR: process.env.E2E_MAIL_DIR,
      // Every test comes from 127.0.0.1: the per-address limits (and the site-wide one on registration)
      // would count the whole suite together.
      LOGIN_MAX_FAILURES_PER_ADDRESS: '10000',
      REGISTER_MAX_PER_ADDRESS_PER_HOUR: '10000',
      REGISTER_MAX_PER_HOUR: '10000',
      GOOGLE_SIGNIN_MAX_PER_ADDRESS_PER_HOUR: '10000',
      INVOICE_MAX_PER_ADDRESS_PER_HOUR: '10000',
      CODE_MAX_FAILURES_PER_ADDRESS_PER_HOUR: '10000',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  },
});
