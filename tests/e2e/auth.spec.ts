import { expect, test } from '@playwright/test';
import { expectConsentCookie, newAccount, open, passSplash, register, signIn } from './support';

test('a visitor registers, stays signed in across a reload, logs out and signs in again', async ({ page }) => {
  const account = newAccount();
  await register(page, account);

  await page.reload();
  await expect(page.getByText('Just a moment')).toBeVisible();
  await passSplash(page);
  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu', { name: 'Account' });
  await expect(menu.getByText(account.name)).toBeVisible();
  for (const item of ['Edit Profile', 'Change Password', 'Invoices', 'Logout']) {
    await expect(menu.getByRole('menuitem', { name: item })).toBeVisible();
  }

  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  await menu.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  const toast = page.locator('[data-position="top-left"]').getByTestId('toast');
  await expect(toast).toHaveText(/You are logged out/);
  await expect(toast).toHaveAttribute('data-variant', 'warning');
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // The old token was revoked on the server, not only forgotten by the browser.
  const authenticateWith = (bearer: string | null) =>
    page.request.get('/api/users/authenticate', { headers: { authorization: `Bearer ${bearer}` } });
  await expect.poll(async () => (await authenticateWith(token)).status()).toBe(401);

  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
});

test('a wrong password shows the red text under the password field; typing clears it', async ({ page }) => {
  const account = newAccount();
  await register(page, account);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();

  await signIn(page, account.email, 'not the password');
  const error = page.getByRole('alert');
  await expect(error).toHaveText('Invalid e-mail or password.');
  await expect(error).toHaveCSS('color', 'rgb(200, 30, 30)');
  // The text stands under the password field.
  const passwordBox = await page.getByLabel('Password').boundingBox();
  const errorBox = await error.boundingBox();
  expect(errorBox!.y).toBeGreaterThan(passwordBox!.y);
  await page.getByLabel('Password').fill('x');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page).toHaveURL(/\/signin$/);
});

test('registering an e-mail that is taken shows the server text', async ({ page }) => {
  const account = newAccount();
  await register(page, account);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();

  await open(page, '/signup');
  const continueButton = page.getByRole('button', { name: 'Continue', exact: true });
  const googleButton = page.getByRole('button', { name: 'Continue with Google' });
  await expect(continueButton).toBeDisabled();
  await expect(googleButton).toBeDisabled();
  await page.getByLabel('Full Name').fill('Someone Else');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill('another password');
  await page.getByRole('checkbox').check();
  await expect(continueButton).toBeEnabled();
  await expect(googleButton).toBeEnabled();
  await continueButton.click();
  await expect(page.getByRole('alert')).toHaveText(/already/i);
  await expect(page).toHaveURL(/\/signup$/);
});

test('a common password is refused: the server text stands red under the password field', async ({ page }) => {
  const account = newAccount();
  await open(page, '/signup');
  await page.getByLabel('Full Name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  // Long enough for the length rule, and on every list of leaked passwords.
  await page.getByLabel('Password').fill('password123');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  const error = page.getByRole('alert');
  await expect(error).toHaveText(/too common/i);
  await expect(error).toHaveCSS('color', 'rgb(200, 30, 30)');
  const passwordBox = await page.getByLabel('Password').boundingBox();
  expect((await error.boundingBox())!.y).toBeGreaterThan(passwordBox!.y);
  await expect(page).toHaveURL(/\/signup$/);
  // No account was made: the same address registers with a sound password.
  await page.getByLabel('Password').fill(account.password);
  await expect(error).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
});

test('signed-out visitors are sent to /signin from account screens; unknown paths show the 404 page', async ({
  page,
}) => {
  for (const path of ['/profile', '/invoices', '/change-password', '/service/abc123def456/request']) {
    await open(page, path);
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  }
  await open(page, '/no/such/page');
  await expect(page).toHaveURL(/\/not-found$/);
  await expect(page.getByRole('heading', { name: 'Oops!' })).toBeVisible();
  await expect(page.getByText("We couldn't find the page you're looking for.")).toBeVisible();
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('signed-in users are kept out of /signin and /signup and reach the account screens', async ({ page }) => {
  await register(page, newAccount());
  for (const path of ['/signin', '/signup']) {
    await open(page, path);
    await expect(page).toHaveURL(/\/$/);
  }
  await open(page, '/profile');
  await expect(page).toHaveURL(/\/profile$/);
});

test('the cookie banner asks once; Understood stores the choice for a year', async ({ page, context }) => {
  await open(page, '/');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Understood' }).click();
  await expect(banner).toBeHidden();
  const cookie = await expectConsentCookie(context, 'true');
  const days = (cookie.expires * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThanOrEqual(365);
  await page.reload();
  await passSplash(page);
  await expect(banner).toBeHidden();
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the avatar menu is there and logs out', async ({ page }) => {
    await register(page, newAccount());
    const avatar = page.getByRole('button', { name: 'Account menu' });
    const box = await avatar.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(32);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await avatar.click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByTestId('toast')).toHaveText(/You are logged out/);
  });
});
