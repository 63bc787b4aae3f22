import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS } from './scripts/chromium-flags.mjs';

// The real built server on a temporary database. The config is evaluated again in each worker;
// the environment keeps one directory and one port for the whole run.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'storefront-e2e-'));
process.env.E2E_MAIL_DIR ??= mkdtempSync(join(tmpdir(), 'storefront-e2e-mail-'));
process.env.E2E_PORT ??= String(3200 + Math.floor(Math.random() * 400));
const port = Number(process.env.E2E_PORT);
// A second site, for what a site may switch off or on: no Google sign-in (no OAUTH_CLIENT_ID), cookies
// accepted on scroll (built with VITE_CONSENT_ACCEPT_ON_SCROLL=1), and staff asked for a second factor. Tests
// reach it at E2E_OTHER_URL.
process.env.E2E_OTHER_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'storefront-e2e-other-'));
process.env.E2E_OTHER_PORT ??= String(port + 1000);
const otherPort = Number(process.env.E2E_OTHER_PORT);
process.env.E2E_OTHER_URL = `http://127.0.0.1:${otherPort}`;
// A third site on PostgreSQL (its own throw-away cluster): the `postgres` project runs the office journey (sign-up,
// order, pay, delivery) against it.
process.env.E2E_PG_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'storefront-e2e-pg-'));
process.env.E2E_PG_PORT ??= String(port + 2000);
const pgPort = Number(process.env.E2E_PG_PORT);
// A fourth site for passkeys: browsers refuse an IP address as a passkey's site (its RP id, PUBLIC_URL's host
// name), and the sites above are reached at 127.0.0.1. This one listens on loopback too but is named
// http://localhost:<port>, in PUBLIC_URL and in the address the browser opens (the `passkeys` project), so the
// other tests keep their sites as they are. Tests reach it at E2E_PASSKEY_URL.
process.env.E2E_PASSKEY_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'storefront-e2e-passkey-'));
process.env.E2E_PASSKEY_PORT ??= String(port + 3000);
const passkeyPort = Number(process.env.E2E_PASSKEY_PORT);
process.env.E2E_PASSKEY_URL = `http://localhost:${passkeyPort}`;

// Every test comes from 127.0.0.1: the limits per address (and site-wide) would count them all together.
const sameAddressLimits = {
  LOGIN_MAX_FAILURES_PER_ADDRESS: '10000',
  // Every browser signs in from loopback: the per-account-and-address limit is lifted, and the day's ceiling
  // of an account low enough that the login model can reach its second step quickly.
  LOGIN_MAX_FAILURES_PER_ACCOUNT: '10000',
  LOGIN_MAX_FAILURES_PER_ACCOUNT_PER_DAY: '20',
  REGISTER_MAX_PER_ADDRESS_PER_HOUR: '100000',
  REGISTER_MAX_PER_HOUR: '100000',
  GOOGLE_SIGNIN_MAX_PER_ADDRESS_PER_HOUR: '100000',
  INVOICE_MAX_PER_ADDRESS_PER_HOUR: '100000',
  VISIT_MAX_PER_ADDRESS_PER_MINUTE: '100000',
  BOOKING_LINK_MAX_PER_ADDRESS_PER_MINUTE: '100000',
  // The contact and youth forms: their models run at two widths, and public.spec sends them again.
  FORM_MAX_PER_ADDRESS_PER_HOUR: '100000',
  CODE_MAX_REQUESTS_PER_ADDRESS: '100000',
  CODE_MAX_FAILURES_PER_ADDRESS_PER_HOUR: '100000',
};

// With the default notice equal to the cut-off (two hours each), the earliest free time can be changed for at
// most one slot step (30 minutes) after it is booked: a path that books it and then moves it would see the
// window close midway when a run starts near a slot boundary. An hour more of notice keeps every booked call
// changeable for longer than any path runs; the window's closing has paths of its own (the office moves a call
// inside the cut-off).
const bookingNotice = { BOOKING_NOTICE_MINUTES: '180' };

// SIGTERM, not Playwright's default SIGKILL: each server drains and exits, and the exit hook stops the third
// site's throw-away PostgreSQL (a killed process would leave it running).
const stopGently = { signal: 'SIGTERM', timeout: 15_000 } as const;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  // One per core: a third worker on two cores saved a minute of CI's 30 and pushed single tests past their
  // timeout (docs/testing.md, "How long CI takes").
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
    // A failed test keeps its trace (every action, request and console line) and a screenshot of the end. The
    // trace records no DOM snapshot or screencast: those took a third of the browser tests' time
    // (docs/testing.md, "How long CI takes"); the failure's error-context.md holds the page's accessibility tree.
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false, sources: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's headless shell: the browser without its UI processes, which a headless run never shows
      // (docs/testing.md, "How long CI takes").
      executablePath: process.env.E2E_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      // Compositing in the browser process, without the separate software-GPU process: the same pages and
      // screenshots for about a tenth less CPU on these two cores (docs/testing.md, "How long CI takes"). Tests
      // only: Lighthouse keeps Chromium's own pipeline, which is what it measures.
      args: [...CHROMIUM_FLAGS, '--disable-gpu-compositing', '--disable-software-rasterizer'],
    },
  },
  projects: [
    // First, so that its one long test (about 1.5 min) starts at once instead of running alone at the end.
    // The journey that writes the most, again on PostgreSQL: sign-up, sign-in, order, pay, the office's grant,
    // schedule, report and delivery, the customer's invoices and bell. The server suite runs whole on PostgreSQL.
    {
      name: 'postgres',
      testMatch: ['office.spec.ts'],
      use: { baseURL: `http://127.0.0.1:${pgPort}` },
    },
    // Every spec, on the embedded SQLite of `npm start`; the passkey journey needs the localhost site.
    { name: 'sqlite', testIgnore: ['passkeys.spec.ts'] },
    { name: 'passkeys', testMatch: ['passkeys.spec.ts'], use: { baseURL: process.env.E2E_PASSKEY_URL } },
  ],
  webServer: [
    {
      command: 'npx tsx tests/e2e/serve.ts',
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      gracefulShutdown: stopGently,
      timeout: 120_000,
      stdout: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        E2E_MAIL_DIR: process.env.E2E_MAIL_DIR,
        ...sameAddressLimits,
        ...bookingNotice,
        // Warnings and errors only: the security log of every test sign-in would bury the test output.
        LOG_LEVEL: 'warn',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      },
    },
    {
      command: 'npx tsx tests/e2e/serve.ts',
      url: `http://127.0.0.1:${otherPort}/api/health`,
      reuseExistingServer: false,
      gracefulShutdown: stopGently,
      timeout: 120_000,
      stdout: 'pipe',
      env: {
        E2E_SITE: 'other',
        // A public site's default: office and admin accounts need a second factor (office-second-factor.spec.ts).
        STAFF_REQUIRE_TWO_FACTOR: '1',
        PORT: String(otherPort),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_OTHER_DATA_DIR,
        E2E_MAIL_DIR: process.env.E2E_MAIL_DIR,
        ...sameAddressLimits,
        ...bookingNotice,
        // Warnings and errors only: the security log of every test sign-in would bury the test output.
        LOG_LEVEL: 'warn',
        PUBLIC_URL: `http://127.0.0.1:${otherPort}`,
      },
    },
    {
      command: 'npx tsx tests/e2e/serve.ts',
      url: `http://127.0.0.1:${pgPort}/api/health`,
      reuseExistingServer: false,
      gracefulShutdown: stopGently,
      timeout: 120_000,
      stdout: 'pipe',
      env: {
        E2E_DATABASE: 'postgres',
        PORT: String(pgPort),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_PG_DATA_DIR,
        E2E_MAIL_DIR: process.env.E2E_MAIL_DIR,
        ...sameAddressLimits,
        ...bookingNotice,
        LOG_LEVEL: 'warn',
        PUBLIC_URL: `http://127.0.0.1:${pgPort}`,
      },
    },
    {
      command: 'npx tsx tests/e2e/serve.ts',
      url: `http://127.0.0.1:${passkeyPort}/api/health`,
      reuseExistingServer: false,
      gracefulShutdown: stopGently,
      timeout: 120_000,
      stdout: 'pipe',
      env: {
        PORT: String(passkeyPort),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_PASSKEY_DATA_DIR,
        E2E_MAIL_DIR: process.env.E2E_MAIL_DIR,
        ...sameAddressLimits,
        ...bookingNotice,
        LOG_LEVEL: 'warn',
        PUBLIC_URL: process.env.E2E_PASSKEY_URL,
      },
    },
  ],
});
