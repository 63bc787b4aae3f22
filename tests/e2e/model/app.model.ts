import { expect, type Page } from '@playwright/test';
import type { SnapshotFrom } from 'xstate';
import { appMachine } from '#machines/app.machine';
import type { authMachine } from '#machines/auth.machine';
import type { consentMachine } from '#machines/consent.machine';
import { appSamples, appSnapshots } from '#tests/machines/samples';
import { describeBrowserModel } from './browser';
import { nudgeUntil } from './pages';
import { existingAccount, HeldRequests, SPLASH_MS, openWithStoppedClock, withStoredToken } from './support';
import { expectConsentCookie } from '../support';

interface Ctx {
  account: Awaited<ReturnType<typeof existingAccount>>;
  check: HeldRequests;
  /** Requests that record the visit. */
  visits: string[];
}

const banner = (page: Page) => page.getByRole('region', { name: 'Cookie consent' });

/**
 * The root app machine: what each of its states means on the page. A signed-in visitor's authentication
 * check is held, so the path decides when auth passes on its answer; no cookie choice is stored, so consent
 * is accepted when the path clicks 'Understood'. The splash's 3 s have passed before the first step: from
 * then on only the held check keeps it up. appStart, told once each, shows the app and records the visit
 * once.
 */
describeBrowserModel<typeof appMachine, Ctx>({
  machine: appMachine,
  model: {
    ...appSamples,
    // What a person can cause from a first visit with a stored sign-in: the check answering either way
    // while the app still waits for it, and 'Understood' while the banner asks.
    filterEvents: (snapshot, event) => {
      const { snapshot: passed } = event as unknown as { snapshot: unknown };
      if (event.type === 'xstate.snapshot.auth') {
        return (
          snapshot.matches({ auth: 'checking' }) &&
          (passed === appSnapshots.auth.signedIn || passed === appSnapshots.auth.signedOut)
        );
      }
      if (event.type === 'xstate.snapshot.consent') {
        return snapshot.matches({ consent: 'awaiting' }) && passed === appSnapshots.consent.accepted;
      }
      return true;
    },
  },
  start: async (page) => {
    const account = await existingAccount(page);
    await withStoredToken(page, account.token);
    const check = await HeldRequests.on(page, '**/api/users/authenticate', 1);
    const ctx: Ctx = { account, check, visits: [] };
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/users/record-visit') ctx.visits.push(request.url());
    });
    await openWithStoppedClock(page, '/');
    await page.clock.runFor(SPLASH_MS);
    return ctx;
  },
  states: {
    // appStart has not been told: the splash stays, however long it has shown.
    'auth.checking': async (page) => {
      await expect(page.getByTestId('splash')).toBeVisible();
    },
    // Told once: the splash ends and the app shows, signed in or out.
    'auth.settled': async (page) => {
      await expect(page.getByTestId('splash')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Empowering Your Business/);
      await expect(
        page.getByRole('button', { name: 'Account menu' }).or(page.getByRole('link', { name: 'Sign In' })),
      ).toBeVisible();
    },
    'consent.awaiting': async (page, ctx) => {
      await expect(banner(page).getByRole('button', { name: 'Understood' })).toBeVisible();
      expect(ctx.visits).toEqual([]);
    },
    // Told once: the visit is recorded once, as soon as the app shows and the page is idle (an idle callback, run
    // on the page's stopped clock).
    'consent.accepted': async (page, ctx, snapshot) => {
      await expect(banner(page)).toHaveCount(0);
      await expectConsentCookie(page.context(), 'true');
      if (snapshot.matches({ auth: 'settled' })) {
        await nudgeUntil(page, () => ctx.visits.length > 0);
        expect(ctx.visits).toHaveLength(1);
      } else expect(ctx.visits).toEqual([]);
    },
  },
  events: {},
  snapshots: {
    // The held check answers: with the live token (signed in), or with one the server revoked meanwhile.
    auth: async (page, { account, check }, event) => {
      const signedIn = (event.snapshot as SnapshotFrom<typeof authMachine>).matches('signedIn');
      if (!signedIn) {
        const revoked = await page.request.post('/api/auth/logout', {
          headers: { authorization: `Bearer ${account.token}` },
        });
        expect(revoked.status()).toBe(204);
      }
      const response = page.waitForResponse('**/api/users/authenticate');
      await check.release();
      expect((await response).status()).toBe(signedIn ? 200 : 401);
      // The account corner is lazily loaded: let time pass on the stopped clock while its code arrives, a
      // little at a time.
      const corner = page.getByRole('button', { name: 'Account menu' }).or(page.getByRole('link', { name: 'Sign In' }));
      for (let tick = 0; tick < 20 && (await corner.count()) === 0; tick += 1) {
        await page.waitForTimeout(50);
        await page.clock.runFor(100);
      }
    },
    consent: async (page, _ctx, event) => {
      expect((event.snapshot as SnapshotFrom<typeof consentMachine>).context.choice).toBe('true');
      await banner(page).getByRole('button', { name: 'Understood' }).click();
    },
  },
  // The children never finish: they live as long as the app.
  outcomes: {
    toasts: { done: never('toasts'), error: never('toasts') },
    auth: { done: never('auth'), error: never('auth') },
    consent: { done: never('consent'), error: never('consent') },
    appStart: { done: never('appStart'), error: never('appStart') },
  },
  delays: {},
});

function never(child: string) {
  return async () => {
    throw new Error(`the ${child} child lives as long as the app: no path ends it`);
  };
}
