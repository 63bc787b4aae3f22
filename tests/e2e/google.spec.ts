import { expect, test } from '@playwright/test';
import { openGooglePopup, signInAtProvider } from './model/google';
import { open } from './support';

test('from /signin, Continue with Google signs in through the popup and lands on /', async ({ page }) => {
  await open(page, '/signin');
  const popup = await openGooglePopup(page, 'Continue with Google');
  // Measured once the provider's sign-in page has settled (it redirects on its way there).
  await popup.locator('input[name="login"]').waitFor();
  const size = await popup.evaluate(() => [window.outerWidth, window.outerHeight]);
  expect(size[0]).toBeGreaterThanOrEqual(480);
  expect(size[0]).toBeLessThanOrEqual(520);
  expect(size[1]).toBeGreaterThanOrEqual(580);
  expect(size[1]).toBeLessThanOrEqual(700);
  await signInAtProvider(popup, `signin-${Date.now()}`);
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu', { name: 'Account' })).toContainText('Test User signin-');
});

test('from /signup, after ticking the terms, Continue with Google registers and signs in; again later signs in', async ({
  page,
}) => {
  const login = `signup-${Date.now()}`;
  await open(page, '/signup');
  await page.getByRole('checkbox').check();
  const popup = await openGooglePopup(page, 'Continue with Google');
  await signInAtProvider(popup, login);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  const first = await page.evaluate(() => localStorage.getItem('token'));

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await open(page, '/signin');
  const again = await openGooglePopup(page, 'Continue with Google');
  await signInAtProvider(again, login);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  const second = await page.evaluate(() => localStorage.getItem('token'));
  expect(second).not.toBe(first);
  // The same account, not a second one.
  const me = await page.request.get('/api/users/authenticate', { headers: { authorization: `Bearer ${second}` } });
  expect((await me.json()).user.email).toBe(`${login}@example.test`);
});

test('closing the popup early shows the red error text under the password field', async ({ page }) => {
  await open(page, '/signin');
  const popup = await openGooglePopup(page, 'Continue with Google');
  await popup.waitForLoadState();
  await popup.close();
  const error = page.getByRole('alert');
  await expect(error).toHaveText('The Google sign-in window was closed before you finished signing in.', {
    timeout: 15_000,
  });
  await expect(error).toHaveCSS('color', 'rgb(200, 30, 30)');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
});

test('a blocked popup says so', async ({ page }) => {
  await open(page, '/signin');
  // The browser refuses to open windows, as a popup blocker does.
  await page.evaluate(() => {
    window.open = () => null;
  });
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('alert')).toHaveText(/was blocked/);
});
