import { expect, type Page } from '@playwright/test';
import { authMachine } from '#machines/auth.machine';
import { describeBrowserModel } from './browser';
import {
  existingAccount,
  expectSignedOutBar,
  followTopBarLink,
  HeldRequests,
  SPLASH_MS,
  withStoredToken,
} from './support';
import { authSamples } from '#tests/machines/samples';

interface Ctx {
  account: Awaited<ReturnType<typeof existingAccount>>;
  check: HeldRequests;
  /** The page's revocation requests, held until the path says how each ends. */
  revocations: HeldRequests;
  /** The tokens those requests carry, in the same order. */
  revoking: string[];
}

/** Whether the server lets this token in. */
async function authenticateStatus(page: Page, token: string) {
  const response = await page.request.get('/api/users/authenticate', { headers: { authorization: `Bearer ${token}` } });
  return response.status();
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

async function openAccountMenu(page: Page, item: string) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

describeBrowserModel<typeof authMachine, Ctx>({
  machine: authMachine,
  model: {
    ...authSamples,
    // Whether a revocation is out matters: its end is a step of its own.
    serializeState: (s) =>
      JSON.stringify({ value: s.value, signedIn: s.context.user !== null, revoking: 'revokeSession' in s.children }),
  },
  start: async (page) => {
    const account = await existingAccount(page);
    await withStoredToken(page, account.token);
    const check = await HeldRequests.on(page, '**/api/users/authenticate', 1);
    const revocations = await HeldRequests.on(page, '**/api/auth/logout');
    await page.goto('/');
    return { account, check, revocations, revoking: [] };
  },
  states: {
    checking: async (page) => {
      await expect(page.getByTestId('splash')).toBeVisible();
    },
    signedOut: async (page) => {
      await expectSignedOutBar(page);
      expect(await storedToken(page)).toBeNull();
    },
    signedIn: async (page) => {
      await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
      expect(await storedToken(page)).toBeTruthy();
    },
  },
  events: {
    'auth.signedIn': async (page, { account }) => {
      await followTopBarLink(page, 'Sign In');
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password').fill(account.password);
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(page).toHaveURL(/\/$/);
    },
    // A profile change returns a new user and token.
    'auth.updated': async (page) => {
      await openAccountMenu(page, 'Edit Profile');
      await page.getByLabel('Name', { exact: true }).fill(`Renamed ${Date.now()}`);
      await page.getByRole('button', { name: 'Edit' }).click();
      await expect(page.getByTestId('toast').filter({ hasText: 'Your profile has been updated.' })).toBeVisible();
      await page.getByRole('link', { name: 'Northgate IT Consulting' }).first().click();
    },
    // A deletion request changes the user without a new token. The profile offers it only while none is
    // scheduled, so a path that sends this twice cancels the first request before making the second.
    'auth.refreshed': async (page) => {
      await openAccountMenu(page, 'Edit Profile');
      const undo = page.getByRole('button', { name: 'Cancel the deletion' });
      await expect(page.getByRole('button', { name: /^(Delete Account|Cancel the deletion)$/ })).toBeVisible();
      if (await undo.isVisible()) await undo.click();
      await page.getByRole('button', { name: 'Delete Account' }).click();
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await expect(page.getByText(/scheduled for deletion on/)).toBeVisible();
      await page.getByRole('link', { name: 'Northgate IT Consulting' }).first().click();
    },
    // The browser forgets the token at once; the revokeSession actor still hands it to the server (held
    // there until the path ends the revocation).
    'auth.logout': async (page, ctx) => {
      const token = await storedToken(page);
      const revocation = page.waitForRequest('**/api/auth/logout');
      await openAccountMenu(page, 'Logout');
      await expect(page.locator('[data-position="top-left"]').getByTestId('toast')).toHaveText(/You are logged out/);
      expect((await revocation).headers().authorization).toBe(`Bearer ${token}`);
      ctx.revoking.push(token!);
    },
    // The session ends on the server (signed out elsewhere); the next authenticated call finds out.
    'auth.expired': async (page) => {
      // The bell's first load is an authenticated call too: it must be over before the session ends, or it
      // would be the call that finds out, racing the customer's click below.
      await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveAttribute('aria-busy', 'false');
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
    // The held revocation reaches the server, which revokes the token…
    revokeSession: {
      done: async (page, ctx) => {
        const token = ctx.revoking.shift()!;
        await ctx.revocations.release();
        await expect.poll(() => authenticateStatus(page, token)).toBe(401);
      },
      // …or the network fails under it: the server still knows the token, the browser has forgotten it.
      error: async (page, ctx) => {
        const token = ctx.revoking.shift()!;
        await ctx.revocations.fail();
        expect(await authenticateStatus(page, token)).toBe(200);
      },
    },
  },
  delays: {},
});
