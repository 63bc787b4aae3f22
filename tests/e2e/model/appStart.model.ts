import { expect } from '@playwright/test';
import { appStartMachine } from '#machines/appStart.machine';
import { company } from '#domain/company';
import { describeBrowserModel } from './browser';
import { nudgeUntil } from './pages';
import { existingAccount, HeldRequests, openWithStoppedClock, withStoredToken } from './support';

interface Ctx {
  check: HeldRequests;
  released: boolean;
  /** Requests that record the visit, and those to the (stand-in) geolocation service. */
  visits: string[];
  lookups: string[];
}

const welcome = `Welcome to ${company.name}`;

/**
 * The splash: a signed-in visitor's authentication check is held, so the path decides when it
 * answers; the 1.5 s and 3 s pass on Playwright's clock, stopped as soon as the page is open. No cookie choice is stored, so the visit is
 * recorded only once the path accepts cookies.
 */
describeBrowserModel<typeof appStartMachine, Ctx>({
  machine: appStartMachine,
  model: {
    events: [{ type: 'appStart.authSettled' }, { type: 'appStart.consentAccepted' }],
    // The banner asks once: after 'Understood' there is nothing left to accept.
    filterEvents: (snapshot, event) => event.type !== 'appStart.consentAccepted' || !snapshot.context.consentAccepted,
  },
  start: async (page) => {
    const account = await existingAccount(page);
    await withStoredToken(page, account.token);
    const check = await HeldRequests.on(page, '**/api/users/authenticate', 1);
    const ctx: Ctx = { check, released: false, visits: [], lookups: [] };
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/users/record-visit') ctx.visits.push(request.url());
      if (url.pathname === '/json/') ctx.lookups.push(request.url());
    });
    // The splash's 1.5 s and 3 s pass only when the path says so, however long the held check takes.
    await openWithStoppedClock(page, '/');
    return ctx;
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
    'ready.awaitingConsent': async (page, ctx) => {
      await expect(page.getByTestId('splash')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Empowering Your Business/);
      await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
      expect(ctx.visits).toEqual([]);
      expect(ctx.lookups).toEqual([]);
    },
    // Once the page is idle (an idle callback, run on the page's stopped clock).
    'ready.visitRecorded': async (page, ctx) => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Empowering Your Business/);
      await nudgeUntil(page, () => ctx.visits.length > 0);
      expect(ctx.visits).toHaveLength(1);
      expect(ctx.lookups).toHaveLength(1);
    },
  },
  events: {
    // The server answers the held check (for real); the app then knows who is signed in, and the root app
    // machine tells appStart.
    'appStart.authSettled': async (page, ctx) => {
      const response = page.waitForResponse('**/api/users/authenticate');
      await ctx.check.release();
      ctx.released = true;
      expect((await response).status()).toBe(200);
    },
    // The root app machine passes the acceptance on (during the splash too: the banner shows over it).
    'appStart.consentAccepted': async (page) => {
      await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Understood' }).click();
    },
  },
  outcomes: {},
  delays: {
    welcomeAfter: (page) => page.clock.runFor(1500),
    restOfSplashMinimum: (page) => page.clock.runFor(1500),
  },
});
