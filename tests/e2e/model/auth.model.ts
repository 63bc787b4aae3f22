import { expect, type Page } from '@playwright/test';
import { authMachine } from '../../../machines/auth.machine';
import { describeBrowserModel } from './browser';
import { existingAccount, HeldRequests, SPLASH_MS, withStoredToken } from './support';
import { authSamples } from '../../machines/samples';

interface Ctx {
  account: Awaited<ReturnType<typeof existingAccount>>;
  check: HeldRequests;
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

async function openAccountMenu(page: Page, item: string) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

await describeBrowserModel<typeof authMachine, Ctx>({
  machine: authMachine,
  model: {
    ...authSamples,
    serializeState: (s) => JSON.stringify({ value: s.value, signedIn: s.context.user !== null }),
  },
  start: async (page) => {
    const account = await existingAccount(page);
    await withStoredToken(page, account.token);
    const check = await HeldRequests.on(page, '**/api/users/authenticate', 1);
    await page.goto('/');
    return { account, check };
  },
  states: {
    checking: async (page) => {
      await expect(page.getByTestId('splash')).toBeVisible();
    },
    signedOut: async (page) => {
      await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
      expect(await storedToken(page)).toBeNull();
    },
    signedIn: async (page) => {
      await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
      expect(await storedToken(page)).toBeTruthy();
    },
  },
  events: {
    'auth.signedIn': async (page, { account }) => {
      await page.getByRole('link', { name: 'Sign In' }).click();
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password').fill(account.password);
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(page).toHaveURL(/\/$/);
    },
    // A profile change returns a new user and token.
    'auth.updated': async (page) => {
      await openAccountMenu(page, 'Edit Profile');
      await page.getByLabel('Name').fill(`Renamed ${Date.now()}`);
      await page.getByRole('button', { name: 'Edit' }).click();
      await expect(page.getByTestId('toast').filter({ hasText: 'Your profile has been updated.' })).toBeVisible();
      await page.getByRole('link', { name: 'Northgate IT Consulting' }).first().click();
    },
    // A deletion request changes the user without a new token; it is undone again so the account stays.
    'auth.refreshed': async (page) => {
      await openAccountMenu(page, 'Edit Profile');
      await page.getByRole('button', { name: 'Delete Account' }).click();
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await expect(page.getByText(/scheduled for deletion on/)).toBeVisible();
      await page.getByRole('link', { name: 'Northgate IT Consulting' }).first().click();
    },
    // The browser forgets the token at once; the revokeSession actor still hands it to the server, which
    // revokes it.
    'auth.logout': async (page) => {
      const token = await storedToken(page);
      const revocation = page.waitForRequest('**/api/auth/logout');
      await openAccountMenu(page, 'Logout');
      await expect(page.locator('[data-position="top-left"]').getByTestId('toast')).toHaveText(/You are logged out/);
      expect((await revocation).headers().authorization).toBe(`Bearer ${token}`);
      await expect
        .poll(async () => {
          const check = await page.request.get('/api/users/authenticate', {
            headers: { authorization: `Bearer ${token}` },
          });
          return check.status();
        })
        .toBe(401);
    },
    // The session ends on the server (signed out elsewhere); the next authenticated call finds out.
    'auth.expired': async (page) => {
      const token = await storedToken(page);
      const revoked = await page.request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
      expect(revoked.status()).toBe(204);
      await openAccountMenu(page, 'Invoices');
      await expect(page).toHaveURL(/\/signin$/);
      await page.getByRole('link', { name: 'Northgate IT Consulting' }).first().click();
    },
  },
  outcomes: {
    authenticate: {
      // The held check reaches the real server with a live token…
      done: async (page, { check }) => {
        await check.release();
        await page.clock.runFor(SPLASH_MS);
      },
      // …or with one the server has revoked meanwhile.
      error: async (page, { account, check }) => {
        const revoked = await page.request.post('/api/auth/logout', {
          headers: { authorization: `Bearer ${account.token}` },
        });
        expect(revoked.status()).toBe(204);
        await check.release();
        await page.clock.runFor(SPLASH_MS);
      },
    },
    // The revocation is spawned by logout and nothing waits for it: with this model's states (which leave
    // out the machine's children) no path ends it. The 'auth.logout' step checks that it reached the server.
    revokeSession: {
      done: async () => {
        throw new Error('no path waits for revokeSession');
      },
      error: async () => {
        throw new Error('no path waits for revokeSession');
      },
    },
  },
  delays: {},
});
