import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BrowserContext, type Cookie, expect, type Page } from '@playwright/test';
import { SPLASH_MINIMUM_MS } from '#machines/appStart.machine';
import { SERVICE_PAGE_MINIMUM_MS } from '#machines/serviceDetails.machine';

/**
 * Waits for the browser to store the consent cookie with this value, and answers it: a page's `document.cookie`
 * write reaches the browser's cookie store a moment later, so a read right after the banner closes may miss it.
 */
export async function expectConsentCookie(context: BrowserContext, value: string): Promise<Cookie> {
  const find = async () => (await context.cookies()).find((c) => c.name === 'CookieConsent');
  await expect.poll(async () => (await find())?.value).toBe(value);
  return (await find())!;
}

let counter = 0;
/** A fresh account for each test, so tests never depend on each other. */
export function newAccount() {
  counter += 1;
  const id = `${Date.now().toString(36)}-${process.pid}-${counter}`;
  return { name: `Test Customer ${counter}`, email: `customer-${id}@example.com`, password: 'correct horse battery' };
}

const clockInstalled = new WeakSet<BrowserContext>();

/**
 * Opens a path and lets the splash give way to the app. Playwright's clock is installed on the test's first
 * page load (time then flows as usual), so that the splash's 3 s pass at once (`passSplash`).
 */
export async function open(page: Page, path: string) {
  const context = page.context();
  if (!clockInstalled.has(context)) {
    await page.clock.install();
    clockInstalled.add(context);
  }
  await page.goto(path);
  await passSplash(page);
}

/**
 * Holds every request for a file of the build whose name matches `name` (a screen's code, say) until the returned
 * function is called: what a visitor on a slow line meets.
 */
export async function holdFile(page: Page, name: RegExp): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(name, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * After a full page load (`open`, a reload, a redirect back from the checkout): runs the splash's 3 s through
 * on Playwright's clock when `open` installed it, then waits for the app. The splash's timing is the app-start
 * model's to test; waited out in real time, it was 3 s of every load of these journeys (docs/testing.md).
 */
export async function passSplash(page: Page) {
  if (clockInstalled.has(page.context())) {
    await page.waitForLoadState();
    await page.clock.runFor(SPLASH_MINIMUM_MS);
  }
  await expect(page.getByTestId('splash')).toBeHidden({ timeout: 10_000 });
  await wholePage(page);
}

/**
 * Runs a service page's deliberate 3 s spinner through on Playwright's clock (installed by the test or by `open`):
 * its timing is the service-details model's to test, and a journey that orders would otherwise wait it out.
 */
export async function passServiceSpinner(page: Page) {
  await page.clock.runFor(SERVICE_PAGE_MINIMUM_MS);
}

/**
 * Waits until the landing page has drawn all its blocks, which it does one a frame after the splash (decision 0035):
 * a test that measures where a section is, or how long the page is, needs them all. At once on any other page.
 */
export async function wholePage(page: Page) {
  await expect(page.getByTestId('landing-below')).toHaveCount(0);
}

export async function register(page: Page, account: ReturnType<typeof newAccount>) {
  await open(page, '/signup');
  await page.getByLabel('Full Name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

export async function signIn(page: Page, email: string, password: string) {
  await open(page, '/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

/** The messages the loopback SMTP server received for an address, oldest first. */
export function mailsTo(address: string): string[] {
  const dir = process.env.E2E_MAIL_DIR!;
  return readdirSync(dir)
    .sort()
    .map((file) => readFileSync(join(dir, file), 'utf8'))
    .filter((mail) => mail.startsWith(`X-Envelope-To: ${address}`));
}

/**
 * Waits for a new message to the address and returns its code: the six digits on a line of their own in the
 * text part (as the server tests read it), never six digits that happen to stand in a header or a date.
 */
export async function codeFrom(address: string, after: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const mails = mailsTo(address).slice(after);
        code = mails.at(-1)?.match(/^[ \t]*(\d{6})[ \t]*\r?$/m)?.[1];
        return code;
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}
