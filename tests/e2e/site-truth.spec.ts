/**
 * What the site says is true and current (issue 49, "What the site says"): the bell lists what is new before it
 * marks it seen, a cancelled deletion says so, Google is offered only where it works, the checkout returns to the
 * customer's own origin, a delivered call keeps its time and its way to join, and "Pay now" leads its card.
 * Each test saves a screenshot to /tmp/shots (SHOTS=before names the run before the fix).
 */
import { mkdirSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { servicesByPrice } from '#domain/catalogue/services';
import { openConfiguredDatabase } from '#server/db/database';
import { open, passSplash } from './support';
import { paidOrder } from './model/office';
import { siteDatabaseEnv } from './model/siteDatabase';
import { existingAccount, withStoredToken } from './model/support';

const SHOTS = '/tmp/shots';

/** The page (or one part of it), without the cookie banner over it. */
async function shot(page: Page, item: string, width: number, part?: Locator) {
  mkdirSync(SHOTS, { recursive: true });
  const when = process.env.SHOTS === 'before' ? 'before' : 'after';
  const path = `${SHOTS}/truth-${item}-${when}-${width}.png`;
  await page.addStyleTag({ content: '[aria-label="Cookie consent"], .cookie-banner { display: none !important; }' });
  await (part ?? page).screenshot({ path, ...(part ? {} : { fullPage: true }) });
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const panel = (page: Page) => page.getByRole('region', { name: 'Notifications list' });

/** The account's notifications as the server holds them, newest first. */
async function serverNotifications(page: Page, token: string, base = '') {
  const response = await page.request.get(`${base}/api/users/notifications`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { notifications: { text: { en: string }; seen: boolean }[] }).notifications;
}

/** An unpaid invoice of the customer's, ordered through the API: "Pay now" is its card's one action. */
async function unpaidInvoice(page: Page, token: string, base = '') {
  const service = servicesByPrice[0]!;
  const created = await page.request.post(`${base}/api/invoices/create`, {
    headers: { authorization: `Bearer ${token}` },
    data: { amount: service.price, title: service.title, type: 'PDF Sent to Email', url: '' },
  });
  expect(created.status()).toBe(201);
  return service.title;
}

test.describe('the bell', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('lists a notification made while the page is open, and marks seen only what it showed', async ({ page }) => {
    const customer = await existingAccount(page);
    await withStoredToken(page, customer.token);
    await open(page, '/');
    await expect(bell(page)).toHaveAttribute('aria-busy', 'false');

    // The payment's notification is written while the page is open.
    await paidOrder(page, customer, 0, 'PDF Sent to Email');
    // The marking is held: a notification written meanwhile was never shown, so it stays new.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/users\/notifications\/see$/, async (route) => {
      await held;
      await route.continue();
    });
    await bell(page).click();
    await expect(panel(page).getByRole('listitem')).not.toHaveCount(0);
    await shot(page, 'bell', 1440);
    await expect(panel(page).getByRole('listitem').first()).toContainText('Your payment for');
    const later = await paidOrder(page, customer, 1, 'PDF Sent to Email');
    const marked = page.waitForResponse(/\/api\/users\/notifications\/see$/);
    release();
    expect((await marked).status()).toBe(200);

    const after = await serverNotifications(page, customer.token);
    expect(after[0]).toMatchObject({ seen: false });
    expect(after[0]!.text.en).toContain(later.title);
    expect(after.slice(1).map((n) => n.seen)).toEqual([true, true]);
  });
});

test.describe('a cancelled deletion', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the bell says it was cancelled, and the scheduled notice is no longer news', async ({ page }) => {
    const customer = await existingAccount(page);
    const auth = { authorization: `Bearer ${customer.token}` };
    expect((await page.request.post('/api/users/account/deletion/request', { headers: auth })).status()).toBe(200);
    await withStoredToken(page, customer.token);
    await open(page, '/profile');
    await page.getByRole('button', { name: 'Cancel the deletion' }).click();
    await expect(page.getByRole('button', { name: 'Cancel the deletion' })).toHaveCount(0);

    // Read before the bell opens (opening marks what it shows seen).
    const notifications = await serverNotifications(page, customer.token);
    await bell(page).click();
    const items = panel(page).getByRole('listitem');
    await expect(items).not.toHaveCount(0);
    await shot(page, 'deletion-cancelled', 1440);
    await expect(items.first()).toContainText(/deletion .*cancelled/i);
    await expect(items.first()).toContainText(/stays open/i);

    // On the server: the cancellation is the newest news; the scheduled notice was seen with it.
    expect(notifications[0]).toMatchObject({ seen: false });
    expect(notifications[0]!.text.en).toMatch(/deletion .*cancelled/i);
    const scheduled = notifications.find((n) => n.text.en.includes('scheduled for deletion'));
    expect(scheduled).toMatchObject({ seen: true });
  });
});

test.describe('Google sign-in', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('a site without Google sign-in offers no Google button on Login and Register', async ({ page }) => {
    const other = process.env.E2E_OTHER_URL!;
    expect(await (await page.request.get(`${other}/api/client-config`)).json()).toMatchObject({ google: null });
    for (const path of ['/signin', '/signup']) {
      await open(page, `${other}${path}`);
      await expect(page.locator('form[data-google]')).toHaveAttribute('data-google', 'unavailable');
      await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeVisible();
      await shot(page, `google-${path.slice(1)}`, 375);
      await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
    }
  });

  test('a site with Google sign-in still offers it on both', async ({ page }) => {
    for (const path of ['/signin', '/signup']) {
      await open(page, path);
      await expect(page.locator('form[data-google]')).toHaveAttribute('data-google', 'available');
      await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    }
  });
});

test.describe('the checkout', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('returns a customer who opened the site at 127.0.0.1 there, signed in, with the payment notice', async ({
    page,
  }) => {
    // The passkey site's PUBLIC_URL is http://localhost:<port>; it listens on 127.0.0.1 as well.
    const site = new URL(process.env.E2E_PASSKEY_URL!);
    const ip = `http://127.0.0.1:${site.port}`;
    const form = { name: 'Loopback Customer', email: `loopback-${Date.now()}@example.com`, password: 'correct horse' };
    const registered = await page.request.post(`${ip}/api/auth/register/email`, { form });
    expect(registered.status()).toBe(201);
    const { token } = (await registered.json()) as { token: string };
    await unpaidInvoice(page, token, ip);
    // Signed in at 127.0.0.1 only: a browser keeps the sign-in per origin.
    await page.addInitScript(
      ({ origin, value }) => {
        if (location.origin === origin && !sessionStorage.getItem('token-set')) {
          localStorage.setItem('token', value);
          sessionStorage.setItem('token-set', '1');
        }
      },
      { origin: ip, value: token },
    );
    await open(page, `${ip}/invoices`);

    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page).toHaveURL(/\/pay\/sandbox\//);
    const checkout = new URL(page.url()).origin;
    await page.getByRole('button', { name: /^Pay / }).click();
    await passSplash(page);
    // Wherever it lands (the invoices, or a sign-in page), its heading shows once the screen is drawn.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shot(page, 'checkout-return', 1440);
    expect(checkout).toBe(ip);
    expect(new URL(page.url()).origin).toBe(ip);
    await expect(page.getByTestId('payment-notice')).toContainText('Payment received');
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  });
});

test.describe('the invoice card', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("a delivered call keeps the call's time and how to join it", async ({ page }) => {
    const customer = await existingAccount(page);
    const order = await paidOrder(page, customer, 1, 'Video Meeting');
    const env = siteDatabaseEnv();
    const db = openConfiguredDatabase({ DATA_DIR: env.DATA_DIR!, DATABASE_URL: env.DATABASE_URL });
    try {
      // The office held the call and marked it delivered (the office journey does it on the server's clock).
      await db
        .updateTable('orders')
        .set({
          status: 'delivered',
          scheduled_at: '2026-03-02T10:00:00.000Z',
          join_info: 'https://meet.example.com/northgate',
          delivered_at: '2026-03-02T11:00:00.000Z',
        })
        .where('invoice_id', '=', order.id)
        .execute();
    } finally {
      await db.destroy();
    }
    await withStoredToken(page, customer.token);
    await open(page, '/invoices');
    const card = page.getByTestId('invoice-card').filter({ hasText: order.title });
    await expect(card.getByTestId('order-status')).toContainText('Delivered on 2 Mar 2026');
    await shot(page, 'delivered-call', 375, card);
    await expect(card.getByTestId('order-status')).toContainText('2 Mar 2026, 10:00 GMT');
    await expect(card.getByRole('link', { name: 'https://meet.example.com/northgate' })).toBeVisible();
  });

  test('"Pay now" is the unpaid card\'s primary button', async ({ page }) => {
    const customer = await existingAccount(page);
    await unpaidInvoice(page, customer.token);
    await withStoredToken(page, customer.token);
    await open(page, '/invoices');
    const pay = page.getByRole('button', { name: 'Pay now' });
    await expect(pay).toBeVisible();
    await shot(page, 'pay-now', 375, page.getByTestId('invoice-card').first());
    // The site's primary buttons: the accent colour, white text.
    const accent = await page.evaluate(() => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--color-accent)';
      document.body.append(probe);
      const color = getComputedStyle(probe).color;
      probe.remove();
      return color;
    });
    await expect(pay).toHaveCSS('background-color', accent);
    await expect(pay).toHaveCSS('color', 'rgb(255, 255, 255)');
  });
});
