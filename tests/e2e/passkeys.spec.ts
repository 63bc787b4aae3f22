/**
 * Passkeys in Chromium against the real server (docs/product.md#passkeys), with the browser's virtual
 * authenticator (DevTools protocol, WebAuthn domain) in place of a phone or a laptop's fingerprint reader.
 * It runs in the `passkeys` project, on the site named http://localhost:<port> (playwright.config.ts): a
 * passkey's site cannot be an IP address.
 */
import { expect, type Page, test } from '@playwright/test';
import { WRONG_CURRENT_PASSWORD_TEXT } from '#server/ways-in/current-password';
import { PASSKEY_TEXTS } from '#machines/passkeys.machine';
import { SoftwareAuthenticator } from '../server/passkeys-authenticator';
import { virtualAuthenticator } from './model/passkeySite';
import { newAccount, open, register } from './support';

const block = (page: Page) => page.getByTestId('passkey-settings');
const rows = (page: Page) => block(page).getByTestId('passkey');

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
}

async function signInWithPasskey(page: Page) {
  await open(page, '/signin');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
}

/** Every element the page shows stands inside the window's width. */
async function nothingCut(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > width) problems.push(`page ${document.documentElement.scrollWidth}px`);
    for (const el of document.querySelectorAll('[data-testid="passkey-settings"] *')) {
      const rect = el.getBoundingClientRect();
      if (rect.width > 1 && (rect.left < -1 || rect.right > width + 1)) {
        problems.push(`${el.tagName} "${(el.textContent ?? '').slice(0, 30)}" ${rect.left}..${rect.right}`);
      }
    }
    return problems;
  });
}

test('a customer adds a passkey, renames it, signs in with it, and removes it', async ({ page }) => {
  // Six pages opened, each after the splash's 3 s.
  test.setTimeout(120_000);
  await virtualAuthenticator(page);
  const account = newAccount();
  await register(page, account);
  await open(page, '/profile');
  await expect(block(page).getByText('No passkeys yet.')).toBeVisible();

  // Named first, with a suggestion from this browser, and proven with the current password (a session alone
  // adds none); then the browser makes it.
  await block(page).getByRole('button', { name: 'Add a passkey' }).click();
  const name = block(page).getByLabel('Name of the new passkey');
  const password = block(page).getByLabel('Current password');
  await expect(name).toHaveValue(/^Chrome on Linux$/);
  await name.fill('Test laptop');
  await expect(block(page).getByRole('button', { name: 'Continue' })).toBeDisabled();
  await password.fill('not my password');
  await block(page).getByRole('button', { name: 'Continue' }).click();
  await expect(block(page).getByRole('alert')).toHaveText(WRONG_CURRENT_PASSWORD_TEXT);
  await expect(name).toHaveValue('Test laptop');
  // The form, its refusal included, fits a small phone's width.
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await nothingCut(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await password.fill(account.password);
  await block(page).getByRole('button', { name: 'Continue' }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText('Test laptop');
  await expect(rows(page)).toContainText('Last used never');
  await expect(page.getByTestId('toast').last()).toContainText('Passkey “Test laptop” added.');

  // The same authenticator again: the browser refuses (it holds one for this account); the name typed stays,
  // and the options taken stay good, so no password is asked again.
  await block(page).getByRole('button', { name: 'Add a passkey' }).click();
  await name.fill('Second try');
  await password.fill(account.password);
  await block(page).getByRole('button', { name: 'Continue' }).click();
  await expect(block(page).getByRole('alert')).toHaveText(PASSKEY_TEXTS.exists);
  await expect(name).toHaveValue('Second try');
  await expect(password).toHaveCount(0);
  await block(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(rows(page)).toHaveCount(1);

  await block(page).getByRole('button', { name: 'Rename Test laptop' }).click();
  await block(page).getByLabel('New name for “Test laptop”').fill('Work laptop');
  await block(page).getByRole('button', { name: 'Save' }).click();
  await expect(rows(page)).toContainText('Work laptop');

  // Nothing cut at a phone's width or a laptop's.
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(rows(page)).toBeVisible();
    expect(await nothingCut(page)).toEqual([]);
  }

  await signOut(page);
  await signInWithPasskey(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await open(page, '/profile');
  await expect(rows(page)).toContainText('Work laptop');
  await expect(rows(page)).not.toContainText('Last used never');

  // Removal is asked first; Cancel keeps it.
  await block(page).getByRole('button', { name: 'Remove Work laptop' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove this passkey?' });
  await expect(dialog).toContainText('“Work laptop” will no longer sign you in.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(rows(page)).toHaveCount(1);
  // Removing takes the owner's proof, as adding did: not without it, and a wrong password is said in the dialog.
  await block(page).getByRole('button', { name: 'Remove Work laptop' }).click();
  await expect(dialog.getByRole('button', { name: 'Remove passkey' })).toBeDisabled();
  await dialog.getByLabel('Current password').fill('not my password');
  await dialog.getByLabel('Current password').press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText(WRONG_CURRENT_PASSWORD_TEXT);
  await expect(rows(page)).toHaveCount(1);
  await dialog.getByLabel('Current password').fill(account.password);
  await dialog.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(rows(page)).toHaveCount(0);
  await expect(block(page).getByText('No passkeys yet.')).toBeVisible();

  // The authenticator still holds it, but the site no longer knows it.
  await signOut(page);
  await signInWithPasskey(page);
  await expect(page.getByTestId('passkey-sign-in').getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeEnabled();
});

test('a passkey of another site is refused', async ({ page, request, baseURL }) => {
  // In the browser: the authenticator holds a passkey for another site only, so none is offered here.
  const { cdp, id: authenticatorId } = await virtualAuthenticator(page);
  const { privateKey } = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign']);
  const pkcs8 = Buffer.from(await crypto.subtle.exportKey('pkcs8', privateKey)).toString('base64');
  await cdp.send('WebAuthn.addCredential', {
    authenticatorId,
    credential: {
      credentialId: Buffer.from('another-site-key').toString('base64'),
      isResidentCredential: true,
      rpId: 'another-site.example',
      privateKey: pkcs8,
      userHandle: Buffer.from('someone').toString('base64'),
      signCount: 0,
    },
  });
  await signInWithPasskey(page);
  await expect(page.getByTestId('passkey-sign-in').getByRole('alert')).toHaveText(PASSKEY_TEXTS.cancelled);
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);

  // At the server: an answer signed for another site, to this site's own challenge, is refused.
  const options = await (await request.post('/api/auth/passkey/options')).json();
  const elsewhere = new SoftwareAuthenticator('https://another-site.example');
  const answer = await request.post('/api/auth/passkey', { data: { response: elsewhere.get(options) } });
  expect(answer.status()).toBe(400);
  expect(new URL(baseURL!).hostname).toBe('localhost');
});

test('a browser without passkeys is told so on the profile and offered no passkey sign-in', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'PublicKeyCredential', { value: undefined, configurable: true });
  });
  await register(page, newAccount());
  await open(page, '/profile');
  await expect(block(page).getByTestId('passkeys-unsupported')).toHaveText(
    'This browser cannot make passkeys. You can add one from a browser that can.',
  );
  await expect(block(page).getByRole('button', { name: 'Add a passkey' })).toHaveCount(0);
  await signOut(page);
  await open(page, '/signin');
  await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toHaveCount(0);
});
