/**
 * "Sign out everywhere" in Chromium against the real server: a customer signed in on two devices asks from the
 * profile, is asked first (Cancel ends nothing), and once confirmed the other device's session is over while this
 * one stays; a failure under the request is an error toast.
 */
import { expect, type Page } from '@playwright/test';
import { signedOutElsewhereText } from '#domain/contract';
import { signOutEverywhereMachine } from '#machines/signOutEverywhere.machine';
import { signOutEverywhereSamples } from '#tests/machines/samples';
import { describeBrowserModel } from './browser';
import { existingAccount, HeldRequests, openApp, withStoredToken } from './support';

interface Ctx {
  end: HeldRequests;
  /** The token of the account's other device, and this page's. */
  other: string;
  own: string;
  /** Signs the account in on another device, as a second session; answers its token. */
  signInElsewhere: () => Promise<string>;
}

const block = (page: Page) => page.getByTestId('sign-out-everywhere');
const confirmation = (page: Page) => page.getByRole('alertdialog', { name: 'Sign out everywhere else?' });
const signedIn = async (page: Page, token: string) =>
  (await page.request.get('/api/users/authenticate', { headers: { authorization: `Bearer ${token}` } })).status();

/** One other device signed in each time, as the sample answer says, even on a path's second round. */
async function otherDeviceSignedIn(page: Page, ctx: Ctx) {
  if ((await signedIn(page, ctx.other)) !== 200) ctx.other = await ctx.signInElsewhere();
}

describeBrowserModel<typeof signOutEverywhereMachine, Ctx>({
  machine: signOutEverywhereMachine,
  model: {
    ...signOutEverywhereSamples,
    // The server says how many devices it signed out: one, the other device of this test.
    outputs: { endOtherSessions: [signedOutElsewhereText(1)] },
  },
  start: async (page) => {
    const account = await existingAccount(page);
    const signInElsewhere = async () => {
      const other = await page.request.post('/api/auth/login/email', {
        data: { email: account.email, password: account.password },
      });
      expect(other.status()).toBe(200);
      return ((await other.json()) as { token: string }).token;
    };
    const other = await signInElsewhere();
    await withStoredToken(page, account.token);
    const end = await HeldRequests.on(page, '**/api/auth/logout/others');
    await openApp(page, '/profile');
    return { end, other, own: account.token, signInElsewhere };
  },
  states: {
    idle: async (page) => {
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      await expect(block(page).getByRole('button', { name: 'Sign out everywhere' })).toBeEnabled();
    },
    // The question says what happens; focus starts on Cancel.
    confirming: async (page) => {
      const dialog = confirmation(page);
      await expect(dialog).toContainText('Every other device and browser signed in to your account is signed out');
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    },
    ending: async (page) => {
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      await expect(block(page).getByRole('progressbar', { name: 'Signing out elsewhere' })).toBeVisible();
    },
  },
  events: {
    'signOutEverywhere.start': (page) => block(page).getByRole('button', { name: 'Sign out everywhere' }).click(),
    'signOutEverywhere.confirm': (page) =>
      confirmation(page).getByRole('button', { name: 'Sign out everywhere' }).click(),
    'signOutEverywhere.cancel': (page) => confirmation(page).getByRole('button', { name: 'Cancel' }).click(),
  },
  outcomes: {
    endOtherSessions: {
      done: async (page, ctx) => {
        await otherDeviceSignedIn(page, ctx);
        await ctx.end.release();
        await expect(page.getByTestId('toast').filter({ hasText: signedOutElsewhereText(1) })).toBeVisible();
        expect(await signedIn(page, ctx.other)).toBe(401);
        expect(await signedIn(page, ctx.own)).toBe(200);
      },
      error: async (page, ctx) => {
        await otherDeviceSignedIn(page, ctx);
        await ctx.end.fail();
        await expect(page.getByTestId('toast').filter({ hasText: 'Network Error' })).toHaveAttribute(
          'data-variant',
          'error',
        );
        expect(await signedIn(page, ctx.other)).toBe(200);
      },
    },
  },
  delays: {},
});
