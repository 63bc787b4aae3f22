import { expect } from '@playwright/test';
import { appStartMachine } from '../../../machines/appStart.machine';
import { company } from '../../../src/config/company';
import { describeBrowserModel } from '../../model/browser';
import { existingAccount, HeldRequests, withStoredToken } from './support';

interface Ctx {
  check: HeldRequests;
  released: boolean;
}

const welcome = `Welcome to ${company.name}`;

/**
 * The splash: a signed-in visitor's authentication check is held, so the path decides when it
 * answers; the 1.5 s and 3 s pass on Playwright's clock.
 */
await describeBrowserModel<typeof appStartMachine, Ctx>({
  machine: appStartMachine,
  model: { events: [{ type: 'appStart.authSettled' }] },
  start: async (page) => {
    const account = await existingAccount(page);
    await withStoredToken(page, account.token);
    const check = await HeldRequests.on(page, '**/api/users/authenticate', 1);
    await page.goto('/');
    return { check, released: false };
  },
  states: {
    'splash.message.moment': async (page) => {
      await expect(page.getByText('Just a moment')).toBeVisible();
      await expect(page.getByText(welcome)).toHaveCount(0);
    },
    'splash.message.welcome': async (page) => {
      await expect(page.getByText('Just a moment')).toBeVisible();
      await expect(page.getByText(welcome)).toBeVisible();
    },
    'splash.message.shownLongEnough': async (page) => {
      await expect(page.getByTestId('splash')).toBeVisible();
      await expect(page.getByText(welcome)).toBeVisible();
    },
    // The check is out, held at the edge: the splash cannot end yet.
    'splash.auth.pending': async (page, ctx) => {
      expect(ctx.released).toBe(false);
      await expect(page.getByTestId('splash')).toBeVisible();
    },
    'splash.auth.settled': async (page, ctx) => {
      expect(ctx.released).toBe(true);
      expect(ctx.check.pending).toBe(0);
    },
    ready: async (page) => {
      await expect(page.getByTestId('splash')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Empowering Your Business/);
      await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    },
  },
  events: {
    // The server answers the held check (for real); the app then knows who is signed in.
    'appStart.authSettled': async (page, ctx) => {
      const response = page.waitForResponse('**/api/users/authenticate');
      await ctx.check.release();
      ctx.released = true;
      expect((await response).status()).toBe(200);
    },
  },
  outcomes: {
    waitForAuth: {
      done: async () => {
        throw new Error('waitForAuth only ever sends appStart.authSettled');
      },
      error: async () => {
        throw new Error('waitForAuth never fails');
      },
    },
  },
  delays: {
    welcomeAfter: (page) => page.clock.runFor(1500),
    restOfSplashMinimum: (page) => page.clock.runFor(1500),
  },
});
