/**
 * The profile's 'Last login since X ago' counter in Chromium against the real server: a customer whose last
 * sign-in the server holds opens the profile with Playwright's clock stopped, so the counter shows exactly
 * the page's time since then, and moves on by a second when the clock does.
 */
import { expect, type Page } from '@playwright/test';
import { lastLoginMachine } from '#machines/lastLogin.machine';
import { formatSince } from '#machines/lib/since';
import { lastLoginSamples, lastLoginState } from '#tests/machines/accountSamples';
import { describeBrowserModel } from './browser';
import { nudgeUntilVisible } from './pages';
import { existingAccount, SPLASH_MS, withStoredToken } from './support';

interface Ctx {
  /** The last sign-in as the server holds it. */
  since: number;
}

const counter = (page: Page) => page.getByTestId('last-login');

describeBrowserModel<typeof lastLoginMachine, Ctx>({
  machine: lastLoginMachine,
  model: { ...lastLoginSamples, serializeState: lastLoginState },
  start: async (page) => {
    const account = await existingAccount(page);
    const me = await page.request.get('/api/users/authenticate', {
      headers: { authorization: `Bearer ${account.token}` },
    });
    const { user } = (await me.json()) as { user: { lastLogin: string } };
    await withStoredToken(page, account.token);
    const since = Date.parse(user.lastLogin);
    // The page's clock stops 100 ms into a whole second since the sign-in: from there until the counter shows
    // (the splash, then the loaded page) and until a tick later, each reading of the counter
    // falls in one whole second, the one it must show.
    await page.clock.pauseAt(since + Math.ceil((Date.now() + 1500 - since) / 1000) * 1000 + 100);
    await page.goto('/profile');
    await page.clock.runFor(SPLASH_MS);
    await expect(page.getByTestId('splash')).toBeHidden();
    // React shows the profile once its code has come and 300 ms have passed on the page's clock: moved on a little
    // at a time until it has, as the counter's reading follows the clock wherever it stops.
    await nudgeUntilVisible(page, counter(page));
    return { since };
  },
  states: {
    // Only the test moves the page's clock: the counter reads its time since the last sign-in.
    ticking: async (page, { since }) => {
      const now = await page.evaluate(() => Date.now());
      await expect(counter(page)).toHaveText(`Last login since ${formatSince(now - since)} ago`);
    },
  },
  events: {},
  outcomes: {},
  delays: {
    tick: (page) => page.clock.runFor(1000),
  },
});
