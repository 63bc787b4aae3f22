/**
 * Helpers of the office journey (office.spec.ts): accounts and pages, ordering and paying, reading the mails,
 * downloads and screenshots.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Locator, type Page, type TestInfo } from '@playwright/test';
import { newAccount, open, passServiceSpinner, passSplash, signIn } from './support';

export type Account = ReturnType<typeof newAccount>;

/** A raw message with quoted-printable soft breaks and escapes undone, for searching its text. */
export function readable(mail: string): string {
  return mail
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The base64 body of the message part with this content type, decoded. */
export function attachment(mail: string, contentType: string): Buffer | null {
  const start = mail.search(new RegExp(`content-type: ${contentType.replace('/', '\\/')}`, 'i'));
  if (start < 0) return null;
  const part = mail.slice(start);
  const bodyStart = part.search(/\r?\n\r?\n/);
  const body = part.slice(bodyStart).trimStart();
  const end = body.search(/\r?\n--/);
  return Buffer.from(body.slice(0, end < 0 ? undefined : end).replace(/\s+/g, ''), 'base64');
}

export async function signedInPage(browser: Browser, baseURL: string, account: Account): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, account.email, account.password);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  return page;
}

export async function registerByApi(page: Page, account: Account) {
  const form = { name: account.name, email: account.email, password: account.password };
  const response = await page.request.post('/api/auth/register/email', { form });
  expect(response.status()).toBe(201);
}

/** The customer orders a service with this delivery type and pays in the sandbox; answers the invoice id. */
export async function orderAndPay(
  page: Page,
  serviceId: string,
  delivery: string,
  website: string | null,
): Promise<string> {
  await open(page, `/service/${serviceId}/details`);
  await passServiceSpinner(page);
  await page.getByRole('button', { name: "Let's go!" }).click();
  const next = page.getByRole('button', { name: 'Next' });
  await next.click();
  if (website) {
    await page.getByLabel('I have an existing website or application').check();
    await page.getByPlaceholder('Your website URL or application name...').fill(website);
  }
  await next.click();
  await page.getByLabel(delivery).check();
  await next.click();
  await page.getByRole('button', { name: 'Confirm & Checkout' }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  const invoiceId = new URL(page.url()).pathname.split('/').pop()!;
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/invoices(\?payment=paid)?$/);
  // Back from the checkout, the site loads afresh: its splash too runs on the clock.
  await passSplash(page);
  return invoiceId;
}

export const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });

/** The signed-in page's token, as the header the API wants. */
export async function bearer(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return { authorization: `Bearer ${token}` };
}

export async function downloadsTheReport(page: Page, button: Locator, pdf: Buffer) {
  const download = page.waitForEvent('download');
  await button.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  expect(readFileSync(await file.path()).equals(pdf)).toBe(true);
}

/** The office page at a phone's and a desktop's width, into the test's output folder (test-results/). */
export async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  await page.context().addCookies([{ name: 'CookieConsent', value: 'true', url: page.url() }]);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await open(page, '/office');
    await expect(page.getByTestId('office-order').first()).toBeVisible();
    if (width < 768) {
      // On a phone the top bar's links, the office among them, are in the side menu.
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(
        page.getByRole('navigation', { name: 'Menu links' }).getByRole('link', { name: 'Office' }),
      ).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    const path = testInfo.outputPath(`office-${name}-${width}.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`office-${name}-${width}`, { path, contentType: 'image/png' });
    // The same page with an order open: beside the list on a desktop, instead of it on a phone.
    await page.getByTestId('office-order').first().click();
    await expect(page.getByTestId('order-detail')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    const detailPath = testInfo.outputPath(`office-${name}-detail-${width}.png`);
    await page.screenshot({ path: detailPath, fullPage: true });
    await testInfo.attach(`office-${name}-detail-${width}`, { path: detailPath, contentType: 'image/png' });
    // The office's page is held to the same accessibility bar as the public ones.
    const results = await new AxeBuilder({ page })
      .include('main')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      results.violations.map(
        (violation) =>
          `${width}px: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
      ),
    ).toEqual([]);
  }
}
