import { expect, type Page } from '@playwright/test';
import { googleSignInMachine } from '#machines/googleSignIn.machine';
import { describeBrowserModel } from './browser';
import { letOpenerNoticeClose, signInAtProvider } from './google';
import { HeldRequests, openApp, stopTheClock } from './support';
import { verifiedAccountWithTwoFactor } from '../two-factor-account';
import { googleSignInSamples } from '#tests/machines/samples';

interface Ctx {
  exchange: HeldRequests;
  popup?: Page;
  /** The provider's identity signed in with, whose address is `${identity}@example.test` (server/dev/oidc.ts). */
  identity?: string;
}

const spinner = (page: Page) => page.getByRole('progressbar', { name: 'Signing in' });

/** The popup machine as it runs behind the Login screen's 'Continue with Google'. */
describeBrowserModel<typeof googleSignInMachine, Ctx>({
  machine: googleSignInMachine,
  model: {
    ...googleSignInSamples,
  },
  start: async (page) => {
    const exchange = await HeldRequests.on(page, '**/api/auth/register/google');
    await openApp(page, '/signin');
    return { exchange };
  },
  states: {
    // Before the click that starts it.
    opening: async (page) => {
      await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    },
    'awaiting.open': async (page, ctx) => {
      expect(ctx.popup?.isClosed()).toBe(false);
      await expect(spinner(page)).toBeVisible();
    },
    'awaiting.closed': async (page, ctx) => {
      expect(ctx.popup?.isClosed()).toBe(true);
      await expect(spinner(page)).toBeVisible();
    },
    exchanging: async (page, ctx) => {
      expect(ctx.exchange.pending).toBe(1);
      await expect(spinner(page)).toBeVisible();
    },
    succeeded: async (page, _ctx, snapshot) => {
      const answer = snapshot.context.answer;
      if (answer && 'secondStep' in answer) {
        // The Login screen takes the authenticator app's step the server asked for.
        await expect(page.getByLabel('Code from your authenticator app')).toBeVisible();
        await expect(page).toHaveURL(/\/signin$/);
        return;
      }
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    },
    failed: async (page, _ctx, snapshot) => {
      const error = snapshot.context.error ?? '';
      const alert = page.getByRole('alert');
      // The provider words its own reason; the rest of the text is ours.
      if (error.startsWith('Google could not sign you in'))
        await expect(alert).toContainText('Google could not sign you in');
      else
        await expect(alert).toHaveText(
          error === 'Google did not accept this sign-in.' ? /Google did not accept/ : error,
        );
      await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    },
  },
  events: {
    'google.callback': async (page, ctx, event) => {
      if (event.state === 'state-1') {
        ctx.identity = `model-google-${Date.now()}`;
        await signInAtProvider(ctx.popup!, ctx.identity);
        await expect.poll(() => ctx.exchange.pending).toBe(1);
      } else {
        // An answer that did not come from our request: another window posts a forged one.
        await page.evaluate(() => {
          const channel = new BroadcastChannel('storefront-oauth');
          channel.postMessage({ type: 'oauth-callback', params: { access_token: 'forged', state: 'forged' } });
          channel.close();
        });
      }
    },
    // The customer refuses on the provider's page: the provider sends an error back to the callback.
    'google.providerError': async (_page, ctx) => {
      const closed = ctx.popup!.waitForEvent('close');
      await ctx.popup!.getByRole('link', { name: /cancel|abort/i }).click();
      await closed;
    },
    'google.closed': async (page, ctx) => {
      // The closed state lasts 8 s of the page's clock: stopped, it lasts until the test moves it, however long a
      // loaded machine takes to check it (in CI it once ran out, on a flowing clock, before the spinner was seen).
      await stopTheClock(page);
      await ctx.popup!.close();
      await letOpenerNoticeClose(page);
    },
  },
  outcomes: {
    openPopup: {
      done: async (page, ctx) => {
        const popup = page.waitForEvent('popup');
        await page.getByRole('button', { name: 'Continue with Google' }).click();
        ctx.popup = await popup;
        await ctx.popup.waitForLoadState();
      },
      // The browser refuses to open the window, as a popup blocker does.
      error: async (page) => {
        await page.evaluate(() => {
          window.open = () => null;
        });
        await page.getByRole('button', { name: 'Continue with Google' }).click();
      },
    },
    watchPopup: {
      done: async () => {
        throw new Error('watchPopup only reports events');
      },
      error: async () => {
        throw new Error('watchPopup never fails');
      },
    },
    exchangeToken: {
      done: async (page, ctx, event) => {
        const answer = (event as { output?: object }).output;
        // The app's step: the identity's address gets an account here with the app on before the answer.
        if (answer && 'secondStep' in answer) await verifiedAccountWithTwoFactor(page, `${ctx.identity}@example.test`);
        await ctx.exchange.release();
      },
      // A real refusal: the server asks the provider about a token the provider never issued.
      error: async (_page, ctx) => {
        await ctx.exchange.release((body) => ({ ...body, googleToken: 'not-a-real-token' }));
      },
    },
  },
  delays: {
    closedDetectionDelay: (page) => page.clock.runFor(8000),
  },
});
