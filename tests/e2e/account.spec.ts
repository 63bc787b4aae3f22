import { join } from 'node:path';
import Database from 'better-sqlite3';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { openGooglePopup, signInAtProvider } from './model/google';
import { codeFrom, holdFile, mailsTo, newAccount, open, passSplash, register, signIn } from './support';

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

/** The requests that record a visit, and those to the (stand-in) geolocation service, as they happen. */
function watchVisits(context: BrowserContext) {
  const seen = { visits: 0, lookups: 0 };
  context.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/api/users/record-visit') seen.visits += 1;
    if (pathname === '/json/') seen.lookups += 1;
  });
  return seen;
}

/**
 * Long enough for a visit record to have gone out: the app asks once the splash has ended and the page is idle,
 * and it takes well under a second (the visit test above sees one within its default 5 s poll).
 */
const QUIET_MS = 3000;

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

  await page.getByLabel('Name', { exact: true }).fill('Renamed Customer');
  await expect(edit).toBeEnabled();
  await page.getByLabel('Picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Preview of your new picture' })).toBeVisible();
  await edit.click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Your profile has been updated.' })).toBeVisible();

  const avatar = page.getByRole('button', { name: 'Account menu' }).getByRole('img');
  await expect(avatar).toHaveAttribute('src', /\/api\/avatars\/.+\?v=/);
  expect(await avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu', { name: 'Account' })).toContainText('Renamed Customer');

  await page.reload();
  await passSplash(page);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Renamed Customer');
});

test('changing the password: only the new one signs in afterwards; a wrong old one shows red text', async ({
  page,
}) => {
  // Five full page loads and five password hashes: a long journey on a busy machine.
  test.setTimeout(60_000);
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
  // A password on the lists of leaked ones is refused, in the same place.
  await page.getByLabel('New password', { exact: true }).fill('password123');
  await page.getByLabel('Confirm new password', { exact: true }).fill('password123');
  await apply.click();
  await expect(page.getByRole('alert')).toHaveText(/too common/i);
  await page.getByLabel('New password', { exact: true }).fill('a new password 1');
  await page.getByLabel('Confirm new password', { exact: true }).fill('a new password 1');
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
  await page.getByLabel('New password').fill('password123');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert')).toHaveText(/too common/i);
  await page.getByLabel('New password').fill('reset password 22');
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

test('e-mail verification with the code mailed at sign-up, without asking for another', async ({ page }) => {
  const account = newAccount();
  await register(page, account);
  const code = await codeFrom(account.email, 0);
  await open(page, '/profile');
  await page.getByRole('button', { name: 'I have a code' }).click();
  await page.getByLabel(/Enter the 6-digit code/).fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByTestId('email-status')).toContainText('is verified');
  expect(mailsTo(account.email)).toHaveLength(1);
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
  await passSplash(page);
  await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveAccessibleName('Notifications');
});

test('the bell reads the list again on another screen: a requested deletion shows without a page load', async ({
  page,
}) => {
  await register(page, newAccount());
  await open(page, '/profile');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unseen');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await page
    .getByRole('dialog', { name: 'Delete your account?' })
    .getByRole('button', { name: 'Delete my account' })
    .click();
  await expect(page.getByTestId('toast').filter({ hasText: /will be deleted/ })).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Invoices' }).click();
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(bell).toHaveAccessibleName('Notifications, 2 unseen');
  await bell.click();
  await expect(page.getByRole('region', { name: 'Notifications list' })).toContainText('scheduled for deletion');
});

test('a visit is recorded with the stand-in geolocation, and with nulls when the service is unreachable', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseURL! }]);
  await open(page, '/');
  // The visitor id is made with the record, which waits for the page to be idle.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('visitor'))).toBeTruthy();
  const visitor = await page.evaluate(() => localStorage.getItem('visitor'));
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
  await passSplash(page);
  await expect.poll(() => visitsOf(visitor!).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
  const last = visitsOf(visitor!).at(-1)!;
  expect(last.user_id).not.toBeNull();
  for (const field of ['country_code', 'country_name', 'city', 'postal', 'latitude', 'longitude', 'state']) {
    expect(last[field], field).toBeNull();
  }
});

test('no visit is recorded and no geolocation asked before cookies are accepted; Understood records exactly one', async ({
  page,
  context,
}) => {
  const seen = watchVisits(context);
  await open(page, '/');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner.getByRole('button', { name: 'Understood' })).toBeVisible();
  await page.waitForTimeout(QUIET_MS);
  expect(seen).toEqual({ visits: 0, lookups: 0 });
  // Not even the anonymous visitor id is kept without consent.
  expect(await page.evaluate(() => localStorage.getItem('visitor'))).toBeNull();

  await banner.getByRole('button', { name: 'Understood' }).click();
  await expect.poll(() => seen.visits).toBe(1);
  expect(seen.lookups).toBe(1);
  const visitor = await page.evaluate(() => localStorage.getItem('visitor'));
  await expect.poll(() => visitsOf(visitor!).length).toBe(1);
  expect(visitsOf(visitor!)[0]).toMatchObject({ country_code: 'GB', city: 'Manchester' });

  // Once per page life: moving around the app records nothing more.
  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.waitForTimeout(QUIET_MS);
  expect(seen).toEqual({ visits: 1, lookups: 1 });
});

test('with cookies declined (CookieConsent=false) no visit is recorded and no geolocation asked', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'CookieConsent', value: 'false', url: baseURL! }]);
  const seen = watchVisits(context);
  await open(page, '/');
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
  await page.waitForTimeout(QUIET_MS);
  await page.reload();
  await passSplash(page);
  await page.waitForTimeout(QUIET_MS);
  expect(seen).toEqual({ visits: 0, lookups: 0 });
  expect(await page.evaluate(() => localStorage.getItem('visitor'))).toBeNull();
});

test('the visit record waits for the screen the visitor opened: nothing goes out while its code is on its way', async ({
  page,
  context,
  baseURL,
}) => {
  await register(page, newAccount());
  await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseURL! }]);
  const seen = watchVisits(context);
  // An account screen's code is never named in the page's HTML: it comes when the app asks for it, here held back
  // as on a slow line, while the page itself has long loaded and the browser sits idle.
  const release = await holdFile(page, /\/assets\/Invoices-[^/]*\.js$/);
  await open(page, '/invoices');
  await expect(page.getByRole('progressbar')).toBeVisible();
  await page.waitForTimeout(QUIET_MS);
  expect(seen).toEqual({ visits: 0, lookups: 0 });

  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  await expect.poll(() => seen.visits).toBe(1);
  expect(seen.lookups).toBe(1);
});

test('changing the e-mail address asks for the current password, refuses a wrong one in the dialog; a name-only change asks nothing', async ({
  page,
}, testInfo) => {
  const account = newAccount();
  await register(page, account);
  await open(page, '/profile');
  const dialog = page.getByRole('dialog', { name: 'Confirm your new e-mail address' });
  const edit = page.getByRole('button', { name: 'Edit' });

  // The name alone: saved at once, no dialog.
  await page.getByLabel('Name', { exact: true }).fill('Only Renamed');
  await edit.click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Your profile has been updated.' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu', { name: 'Account' })).toContainText('Only Renamed');
  await page.keyboard.press('Escape');

  // A new address: the dialog asks for the password; Cancel keeps the form as typed.
  const moved = `moved-${account.email}`;
  await page.getByLabel('Email').fill(moved);
  await edit.click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(moved);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByLabel('Email')).toHaveValue(moved);

  await edit.click();
  const password = dialog.getByLabel('Current password', { exact: true });
  await password.fill('not my password');
  await expect(password).toHaveAttribute('type', 'password');
  await dialog.getByRole('button', { name: 'Show current password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Your current password is incorrect.');
  await expect(dialog).toBeVisible();

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const path = testInfo.outputPath(`email-change-dialog-${width}.png`);
    await page.screenshot({ path });
    await testInfo.attach(`email-change-dialog-${width}`, { path, contentType: 'image/png' });
  }

  // Typing again clears the error; the right password sends a code to the new address, which the change waits for.
  await password.fill(account.password);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  const sentToNew = mailsTo(moved).length;
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    `We have sent a code to ${moved}. Enter it to finish changing your e-mail address.`,
  );
  await expect(dialog).toContainText(`Your e-mail address stays ${account.email}`);
  await dialog.getByLabel('Code sent to your new address').fill(await codeFrom(moved, sentToNew));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('email-status')).toContainText(moved);
  await expect(page.getByLabel('Email')).toHaveValue(moved);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const me = await page.request.get('/api/users/authenticate', { headers: { authorization: `Bearer ${token}` } });
  expect((await me.json()).user).toMatchObject({ email: moved, name: 'Only Renamed' });
});

test('an account that signs in only with Google proves an e-mail change with a code sent to its current address', async ({
  page,
}, testInfo) => {
  const login = `nopassword-${Date.now()}-${testInfo.workerIndex}`;
  const current = `${login}@example.test`;
  await open(page, '/signup');
  await page.getByRole('checkbox').check();
  await signInAtProvider(await openGooglePopup(page, 'Continue with Google'), login);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await open(page, '/profile');

  const moved = `moved-${current}`;
  await page.getByLabel('Email').fill(moved);
  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your new e-mail address' });
  await expect(dialog).toContainText(current);
  await expect(dialog.getByLabel('Current password', { exact: true })).toHaveCount(0);
  await expect(dialog.getByLabel('Code from the e-mail')).toHaveCount(0);
  const sent = mailsTo(current).length;
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByRole('status')).toHaveText(`We have sent a code to ${current}.`);
  const code = await codeFrom(current, sent);

  await dialog.getByLabel('Code from the e-mail').fill(code === '000000' ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('This code is not valid or has expired.');
  await dialog.getByLabel('Code from the e-mail').fill(code);
  // The proof sends a code to the new address; the address changes once it comes back.
  const sentToNew = mailsTo(moved).length;
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  const newCode = await codeFrom(moved, sentToNew);
  await dialog.getByLabel('Code sent to your new address').fill(newCode);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('toast').filter({ hasText: 'Your profile has been updated.' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(moved);
});
