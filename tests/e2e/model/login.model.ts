import { loginSamples } from '../../machines/samples';
import { expect } from '@playwright/test';
import { GOOGLE_ERRORS } from '../../../machines/googleSignIn.machine';
import { loginMachine } from '../../../machines/login.machine';
import { describeBrowserModel } from './browser';
import {
  closePopupAndWait,
  expectNoPopupOpen,
  openGooglePopup,
  signInAtProvider,
  checkGoogleAtTheEdge,
} from './google';
import { existingAccount, HeldRequests, openApp } from './support';
import type { Page } from '@playwright/test';

interface Ctx {
  account: Awaited<ReturnType<typeof existingAccount>>;
  login: HeldRequests;
  /** The screen's question to the client config (later ones, such as the popup's, pass). */
  config: HeldRequests;
  popup?: Page;
}

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue', exact: true });

await describeBrowserModel<typeof loginMachine, Ctx>({
  machine: loginMachine,
  model: {
    ...loginSamples,
    errors: {
      loginRequest: [new Error('Invalid e-mail or password.')],
      googleRequest: [new Error('closed')],
      googleAvailability: [new Error('Network Error')],
    },
    serializeState: (s) =>
      JSON.stringify({
        value: s.value,
        error: s.context.error === null ? null : s.context.error === GOOGLE_ERRORS.unavailable ? 'google' : 'other',
        google: s.context.google,
      }),
  },
  start: async (page) => {
    const account = await existingAccount(page);
    const login = await HeldRequests.on(page, '**/api/auth/login/email');
    const config = await HeldRequests.on(page, '**/api/client-config', 1);
    await openApp(page, '/signin');
    return { account, login, config };
  },
  states: {
    editing: async (page, _ctx, snapshot) => {
      await expect(page).toHaveURL(/\/signin$/);
      await expect(continueButton(page)).toBeEnabled();
      if (snapshot.context.error === GOOGLE_ERRORS.unavailable) {
        await expect(page.getByRole('alert')).toHaveText(GOOGLE_ERRORS.unavailable);
        await expectNoPopupOpen(page);
      } else if (snapshot.context.error) await expect(page.getByRole('alert')).toBeVisible();
      else await expect(page.getByRole('alert')).toHaveCount(0);
    },
    'submitting.spinning': async (page) => {
      await expect(page.getByRole('progressbar', { name: 'Signing in' })).toBeVisible();
      await expect(continueButton(page)).toHaveCount(0);
    },
    'submitting.waiting': async (page) => {
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await expect(continueButton(page)).toBeDisabled();
    },
    withGoogle: async (page) => {
      await expect(page.getByRole('progressbar', { name: 'Signing in' })).toBeVisible();
    },
    succeeded: async (page) => {
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    },
  },
  events: {
    'login.change': async (page, { account }, event) => {
      await page
        .getByLabel(event.field === 'email' ? 'Email' : 'Password')
        .fill(event.field === 'email' ? account.email : 'typed');
    },
    'login.submit': async (page) => {
      await continueButton(page).click();
    },
    'login.google': async (page, ctx) => {
      // A site known to have no Google sign-in opens no popup.
      if ((await page.locator('form[data-google]').getAttribute('data-google')) === 'unavailable') {
        await page.getByRole('button', { name: 'Continue with Google' }).click();
      } else ctx.popup = await openGooglePopup(page, 'Continue with Google');
    },
  },
  outcomes: {
    // The held sign-in goes to the real server with the account's real password, or a wrong one.
    loginWithEmail: {
      done: async (_page, { account, login }) => {
        await login.release((body) => ({ ...body, email: account.email, password: account.password }));
      },
      error: async (_page, { account, login }) => {
        await login.release((body) => ({ ...body, email: account.email, password: 'not the password' }));
      },
    },
    continueWithGoogle: {
      done: async (_page, ctx) => {
        await signInAtProvider(ctx.popup!, `model-login-${Date.now()}`);
      },
      // The customer closes the popup; after the 8 s closed-detection delay the sign-in fails.
      error: (page, ctx) => closePopupAndWait(page, ctx.popup!),
    },
    checkGoogle: checkGoogleAtTheEdge,
  },
  delays: {
    spinnerLimit: (page) => page.clock.runFor(1500),
  },
});
