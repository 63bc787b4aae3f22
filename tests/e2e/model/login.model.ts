import { loginSamples } from '../../machines/samples';
import { expect } from '@playwright/test';
import { GOOGLE_ERRORS } from '#machines/googleSignIn.machine';
import { SECOND_STEP_TEXTS, loginMachine } from '#machines/login.machine';
import { codeFrom, mailsTo } from '../support';
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
  secondStep: HeldRequests;
  /** An account whose day of failed sign-ins is used up, and the code its second step mailed. */
  guarded?: { email: string; code: string };
  /** The screen's question to the client config (later ones, such as the popup's, pass). */
  config: HeldRequests;
  popup?: Page;
}

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue', exact: true });
const codeField = (page: Page) => page.getByLabel('Code from the e-mail');
const signInButton = (page: Page) => page.getByRole('button', { name: 'Sign in', exact: true });

/**
 * A new account whose failed sign-ins reached the day's ceiling (20 on the suite's server, from any address:
 * the per-account-and-address limit is lifted there), so that its right password asks for the second step.
 */
async function guardedAccount(page: Page) {
  const account = await existingAccount(page);
  for (let i = 0; i < 20; i += 1) {
    const res = await page.request.post('/api/auth/login/email', { data: { email: account.email, password: 'wrong' } });
    expect(res.status()).toBe(401);
  }
  return account;
}

await describeBrowserModel<typeof loginMachine, Ctx>({
  machine: loginMachine,
  model: {
    ...loginSamples,
    errors: {
      loginRequest: [new Error('Invalid e-mail or password.')],
      secondStepRequest: [new Error('This code is not valid or has expired.')],
      googleRequest: [new Error('closed')],
      googleAvailability: [new Error('Network Error')],
    },
    serializeState: (s) =>
      JSON.stringify({
        value: s.value,
        error: s.context.error === null ? null : s.context.error === GOOGLE_ERRORS.unavailable ? 'google' : 'other',
        google: s.context.google,
        code: s.context.code,
      }),
  },
  start: async (page) => {
    const account = await existingAccount(page);
    const login = await HeldRequests.on(page, '**/api/auth/login/email');
    const secondStep = await HeldRequests.on(page, '**/api/auth/login/second-step');
    const config = await HeldRequests.on(page, '**/api/client-config', 1);
    await openApp(page, '/signin');
    return { account, login, secondStep, config };
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
    'secondStep.entering': async (page, _ctx, snapshot) => {
      await expect(page.getByRole('status')).toHaveText(SECOND_STEP_TEXTS['email-code']);
      await expect(codeField(page)).toHaveValue(snapshot.context.code);
      await expect(signInButton(page)).toBeEnabled();
      if (snapshot.context.error) await expect(page.getByRole('alert')).toHaveText(snapshot.context.error);
      else await expect(page.getByRole('alert')).toHaveCount(0);
    },
    'secondStep.confirming': async (page) => {
      await expect(page.getByRole('progressbar', { name: 'Signing in' })).toBeVisible();
      await expect(signInButton(page)).toHaveCount(0);
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
    'login.changeCode': async (page, _ctx, event) => {
      await codeField(page).fill(event.code);
    },
    'login.confirmCode': async (page) => {
      await signInButton(page).click();
    },
    'login.back': async (page) => {
      await page.getByRole('button', { name: 'Back to the sign-in form' }).click();
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
      done: async (page, ctx, event) => {
        const answer = (event as { output?: object }).output;
        if (answer && 'secondStep' in answer) {
          // The real server asks for the second step: the right password of an account past its ceiling.
          const guarded = await guardedAccount(page);
          const sent = mailsTo(guarded.email).length;
          await ctx.login.release((body) => ({ ...body, email: guarded.email, password: guarded.password }));
          ctx.guarded = { email: guarded.email, code: await codeFrom(guarded.email, sent) };
          return;
        }
        await ctx.login.release((body) => ({ ...body, email: ctx.account.email, password: ctx.account.password }));
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
    // The typed code stands for the one the real server mailed, or for one that is not it.
    confirmSecondStep: {
      done: async (_page, ctx) => {
        await ctx.secondStep.release((body) => ({ ...body, code: ctx.guarded!.code }));
      },
      error: async (_page, ctx) => {
        const wrong = ctx.guarded!.code === '000000' ? '111111' : '000000';
        await ctx.secondStep.release((body) => ({ ...body, code: wrong }));
      },
    },
    checkGoogle: checkGoogleAtTheEdge,
  },
  delays: {
    spinnerLimit: (page) => page.clock.runFor(1500),
  },
});
