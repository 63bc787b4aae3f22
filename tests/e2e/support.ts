import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BrowserContext, type Cookie, expect, type Page } from '@playwright/test';

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

/** Opens a path and waits for the splash (at least 3 s) to give way to the app. */
export async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('splash')).toBeHidden({ timeout: 10_000 });
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
