/**
 * Signing in with an authenticator app (docs/product.md#second-factor), in Chromium against the real server, on a
 * phone and on a desktop: the password, then the app's code; later the password, then a recovery code; the same
 * recovery code refused the next time. The app is turned on through the API, its codes computed from the secret.
 */
import { expect, test, type Page } from '@playwright/test';
import { existingAccount } from './model/support';
import { signIn } from './support';
import { nextCode, turnOnTwoFactor } from './two-factor-account';

const REFUSED =
  'This code is not valid. Enter the current code from your authenticator app, or an unused recovery code.';

/** Nothing wider than the screen, and every control of the step within it. */
async function expectFits(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  for (const control of await page.locator('form input, form button').all()) {
    const box = await control.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  }
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
}

for (const width of [320, 375, 1280]) {
  test(`at ${width} px: the app's code signs in, then a recovery code, which is refused the second time`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const account = await existingAccount(page);
    const totp = await turnOnTwoFactor(page.request, account.token, account.password);

    // The password asks for the app's code.
    await signIn(page, account.email, account.password);
    await expect(page.getByRole('status')).toHaveText('Enter the code from your authenticator app.');
    const appCode = page.getByLabel('Code from your authenticator app');
    await expect(appCode).toHaveAttribute('inputmode', 'numeric');
    await expect(appCode).toHaveAttribute('autocomplete', 'one-time-code');
    await expectFits(page, width);
    await appCode.fill(nextCode(totp));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await signOut(page);

    // A recovery code, typed in capitals without its hyphen.
    const recovery = totp.recoveryCodes[0]!;
    await signIn(page, account.email, account.password);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    const recoveryField = page.getByLabel('Recovery code');
    await expect(recoveryField).toHaveAttribute('inputmode', 'text');
    await expectFits(page, width);
    await recoveryField.fill(recovery.replace('-', '').toUpperCase());
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await signOut(page);

    // The same recovery code again: refused, with the server's text under the field, and the step stays.
    await signIn(page, account.email, account.password);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recovery);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(REFUSED);
    await expect(page.getByLabel('Recovery code')).toHaveAttribute('aria-invalid', 'true');
    await expectFits(page, width);
    // Back to sign in leaves the step for the form.
    await page.getByRole('button', { name: 'Back to sign in' }).click();
    await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeEnabled();
  });
}
