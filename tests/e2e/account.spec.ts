import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, type Page, test } from '@playwright/test';
import { codeFrom, mailsTo, newAccount, open, register, signIn } from './support';

/** A real 2x2 PNG (red, green, blue, white), small enough to read. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

async function logout(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
}

function visitsOf(visitor: string) {
  const db = new Database(join(process.env.E2E_DATA_DIR!, 'storefront.sqlite'), { readonly: true });
  try {
    return db.prepare('SELECT * FROM visits WHERE visitor = ? ORDER BY received_at').all(visitor) as Record<
      string,
      unknown
    >[];
  } finally {
    db.close();
  }
}

test('a customer edits name and picture and sees them in the top bar; the last-login counter runs', async ({
  page,
}) => {
  await register(page, newAccount());
  await open(page, '/profile');
  const edit = page.getByRole('button', { name: 'Edit' });
  await expect(edit).toBeDisabled();
  const counter = page.getByTestId('last-login');
  await expect(counter).toHaveText(/^Last login since \d+ secs? ago$/);
  const before = await counter.textContent();
  await expect(counter).not.toHaveText(before!, { timeout: 3000 });

  await page.getByLabel('Name').fill('Renamed Customer');
  await expect(edit).toBeEnabled();
  await page.getByLabel('Picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Preview of your new picture' })).toBeVisible();
  await edit.click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Your profile has been updated.' })).toBeVisible();

  const avatar = page.getByRole('button', { name: 'Account menu' }).getByRole('img');
  await expect(avatar).toHaveAttribute('src', /\/api\/users\/.+\/avatar\?v=/);
  expect(await avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu', { name: 'Account' })).toContainText('Renamed Customer');

  await page.reload();
  await expect(page.getByTestId('splash')).toBeHidden({ timeout: 10_000 });
  await expect(page.getByLabel('Name')).toHaveValue('Renamed Customer');
});

test('changing the password: only the new one signs in afterwards; a wrong old one shows red text', async ({
  page,
}) => {
  const account = newAccount();
  await register(page, account);
  await open(page, '/change-password');
  const apply = page.getByRole('button', { name: 'Apply' });
  await expect(apply).toBeDisabled();
  await page.getByLabel('Old password', { exact: true }).fill('not my password');
  await page.getByLabel('New password', { exact: true }).fill('a new password 1');
  await page.getByLabel('Confirm new password', { exact: true }).fill('a new password 1');
  await page.getByRole('button', { name: 'Show new password' }).click();
  await expect(page.getByLabel('New password', { exact: true })).toHaveAttribute('type', 'text');
  await apply.click();
  await expect(page.getByRole('alert')).toHaveText(/incorrect/i);

  await page.getByLabel('Old password', { exact: true }).fill(account.password);
  await apply.click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Your password has been changed' })).toBeVisible();
  await logout(page);

  await signIn(page, account.email, account.password);
  await expect(page.getByRole('alert')).toHaveText('Invalid e-mail or password.');
  await signIn(page, account.email, 'a new password 1');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
});

test('forgot password: the code from the e-mail sets a new password', async ({ page }) => {
  const account = newAccount();
  await register(page, account);
  await logout(page);

  await open(page, '/signin');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  const sent = mailsTo(account.email).length;
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByRole('status')).toContainText('If an account exists');
  const code = await codeFrom(account.email, sent);

  await page.getByLabel('Code from the e-mail').fill(code === '000000' ? '111111' : '000000');
  await page.getByLabel('New password').fill('reset password 22');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert')).toContainText('not valid');
  await page.getByLabel('Code from the e-mail').fill(code);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('status')).toContainText('reset');
  await page.getByRole('link', { name: 'Sign in' }).click();

  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid e-mail or password.');
  await page.getByLabel('Password').fill('reset password 22');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
});

test('e-mail verification with the code from the e-mail', async ({ page }) => {
  const account = newAccount();
  await register(page, account);
  await open(page, '/profile');
  await expect(page.getByTestId('email-status')).toContainText('not verified');
  const sent = mailsTo(account.email).length;
  await page.getByRole('button', { name: 'Verify my e-mail address' }).click();
  const code = await codeFrom(account.email, sent);
  await page.getByLabel(/Enter the 6-digit code/).fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByTestId('email-status')).toContainText('is verified');
});

test('requesting account deletion asks first, then shows the message; it can be cancelled', async ({ page }) => {
  const account = newAccount();
  await register(page, account);
  await open(page, '/profile');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep my account' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Delete Account' }).click();
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  const toast = page.getByTestId('toast').filter({ hasText: /will be deleted/ });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('14 days');
  await expect(toast).toHaveAttribute('data-variant', 'success');
  await expect.poll(() => mailsTo(account.email).some((mail) => /delet/i.test(mail))).toBe(true);
  await expect(page.getByText(/scheduled for deletion on/)).toBeVisible();

  await page.getByRole('button', { name: 'Cancel the deletion' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'will not be deleted' })).toBeVisible();
  await expect(page.getByText(/scheduled for deletion on/)).toBeHidden();
});

test('notifications: the welcome shows as unseen until the list is opened', async ({ page }) => {
  await register(page, newAccount());
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unseen');
  await bell.click();
  await expect(page.getByRole('region', { name: 'Notifications list' })).toContainText('Welcome');
  await expect(bell).toHaveAccessibleName('Notifications');
  await page.reload();
  await expect(page.getByTestId('splash')).toBeHidden({ timeout: 10_000 });
  await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveAccessibleName('Notifications');
});

test('a visit is recorded with the stand-in geolocation, and with nulls when the service is unreachable', async ({
  page,
  context,
}) => {
  await open(page, '/');
  const visitor = await page.evaluate(() => localStorage.getItem('visitor'));
  expect(visitor).toBeTruthy();
  await expect.poll(() => visitsOf(visitor!).length).toBe(1);
  expect(visitsOf(visitor!)[0]).toMatchObject({
    user_id: null,
    country_code: 'GB',
    city: 'Manchester',
    latitude: 53.48,
    ipv4: '203.0.113.7',
  });

  // The third-party service is unreachable: the request fails at the network edge.
  await context.route(/\/json\/$/, (route) => route.abort('connectionrefused'));
  await register(page, newAccount());
  await page.reload();
  await expect(page.getByTestId('splash')).toBeHidden({ timeout: 10_000 });
  await expect.poll(() => visitsOf(visitor!).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
  const last = visitsOf(visitor!).at(-1)!;
  expect(last.user_id).not.toBeNull();
  for (const field of ['country_code', 'country_name', 'city', 'postal', 'latitude', 'longitude', 'state']) {
    expect(last[field], field).toBeNull();
  }
});
