import { loginSamples } from '#tests/machines/samples';
import { expect } from '@playwright/test';
import { RECOVERY_CODE_TEXT, SECOND_STEP_TEXTS, loginMachine } from '#machines/login.machine';
import { TOTP_INVALID_TEXT } from '#server/ways-in/two-factor-step';
import { codeFrom, mailsTo, newAccount } from '../support';
import {
  nextCode,
  type TwoFactorAccount,
  turnOnTwoFactor,
  verifiedAccountWithTwoFactor,
  wrongCode,
} from '../two-factor-account';
import { describeBrowserModel } from './browser';
import { closePopupAndWait, openGooglePopup, signInAtProvider, checkGoogleAtTheEdge } from './google';
import { existingAccount, HeldRequests, openApp, stopTheClock } from './support';
import type { Page } from '@playwright/test';

interface Ctx {
  account: Awaited<ReturnType<typeof existingAccount>>;
  login: HeldRequests;
  secondStep: HeldRequests;
  /** An account whose day of failed sign-ins is used up, and the code its second step mailed. */
  guarded?: { email: string; password: string; token: string; code: string };
  /** The authenticator app of the account that signs in, once its step is asked for. */
  totp?: TwoFactorAccount;
  /** The screen's question to the client config (later ones, such as the popup's, pass). */
  config: HeldRequests;
  popup?: Page;
}

const googleButton = (page: Page) => page.getByRole('button', { name: 'Continue with Google' });
const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue', exact: true });
const codeField = (page: Page) => page.getByLabel('Code from the e-mail');
const appCodeField = (page: Page) => page.getByLabel('Code from your authenticator app');
const recoveryCodeField = (page: Page) => page.getByLabel('Recovery code');
/** Whichever code field the step shows. */
const anyCodeField = (page: Page) => page.locator('input[autocomplete="one-time-code"]');
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

/** A new account with its app turned on through the API (set-up with the password, then a first code). */
async function totpAccount(page: Page) {
  const account = await existingAccount(page);
  return { ...account, totp: await turnOnTwoFactor(page.request, account.token, account.password) };
}

const asksForTotp = (event: unknown) => {
  const answer = (event as { output?: { secondStep?: { kind: string } } }).output;
  return answer?.secondStep?.kind === 'totp';
};

/** The app step's screen, for either way of typing the code. */
async function expectCodeStep(page: Page, snapshot: { context: { code: string; error: string | null } }) {
  await expect(anyCodeField(page)).toHaveValue(snapshot.context.code);
  await expect(signInButton(page)).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Back to sign in' })).toBeEnabled();
  if (snapshot.context.error) {
    await expect(page.getByRole('alert')).toHaveText(snapshot.context.error);
    await expect(anyCodeField(page)).toHaveAttribute('aria-invalid', 'true');
  } else await expect(page.getByRole('alert')).toHaveCount(0);
}

describeBrowserModel<typeof loginMachine, Ctx>({
  machine: loginMachine,
  model: {
    ...loginSamples,
    errors: {
      loginRequest: [new Error('Invalid e-mail or password.')],
      secondStepRequest: [new Error('This code is not valid or has expired.')],
      // The real server's refusal of a wrong code of the app, or of a recovery code never issued.
      appCodeRequest: [new Error(TOTP_INVALID_TEXT)],
      recoveryCodeRequest: [new Error(TOTP_INVALID_TEXT)],
      googleRequest: [new Error('closed')],
      googleAvailability: [new Error('Network Error')],
    },
    serializeState: (s) =>
      JSON.stringify({
        value: s.value,
        error: s.context.error !== null,
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
      if (snapshot.context.error) await expect(page.getByRole('alert')).toBeVisible();
      else await expect(page.getByRole('alert')).toHaveCount(0);
      // A site known to have no Google sign-in offers no Google button.
      await expect(googleButton(page)).toHaveCount(snapshot.context.google === 'unavailable' ? 0 : 1);
    },
    'submitting.spinning': async (page) => {
      await expect(page.getByRole('progressbar', { name: 'Signing in', exact: true })).toBeVisible();
      await expect(continueButton(page)).toHaveCount(0);
    },
    'submitting.waiting': async (page) => {
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await expect(continueButton(page)).toBeDisabled();
    },
    withGoogle: async (page) => {
      await expect(page.getByRole('progressbar', { name: 'Signing in', exact: true })).toBeVisible();
    },
    'secondStep.emailCode.entering': async (page, _ctx, snapshot) => {
      await expect(page.getByRole('status')).toHaveText(SECOND_STEP_TEXTS['email-code']);
      await expect(codeField(page)).toHaveValue(snapshot.context.code);
      await expect(signInButton(page)).toBeEnabled();
      if (snapshot.context.error) await expect(page.getByRole('alert')).toHaveText(snapshot.context.error);
      else await expect(page.getByRole('alert')).toHaveCount(0);
    },
    'secondStep.emailCode.confirming': async (page) => {
      await expect(page.getByRole('progressbar', { name: 'Signing in', exact: true })).toBeVisible();
      await expect(signInButton(page)).toHaveCount(0);
    },
    'secondStep.totp.appCode.entering': async (page, _ctx, snapshot) => {
      await expect(page.getByRole('status')).toHaveText(SECOND_STEP_TEXTS.totp);
      await expect(appCodeField(page)).toHaveAttribute('inputmode', 'numeric');
      await expect(appCodeField(page)).toHaveAttribute('autocomplete', 'one-time-code');
      await expect(page.getByRole('button', { name: 'Use a recovery code' })).toBeEnabled();
      await expectCodeStep(page, snapshot);
    },
    'secondStep.totp.appCode.confirming': async (page) => {
      await expect(page.getByRole('progressbar', { name: 'Signing in', exact: true })).toBeVisible();
      await expect(appCodeField(page)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Use a recovery code' })).toBeDisabled();
    },
    'secondStep.totp.recoveryCode.entering': async (page, _ctx, snapshot) => {
      await expect(page.getByRole('status')).toHaveText(RECOVERY_CODE_TEXT);
      await expect(recoveryCodeField(page)).toHaveAttribute('inputmode', 'text');
      await expect(recoveryCodeField(page)).toHaveAttribute('autocomplete', 'one-time-code');
      await expect(page.getByRole('button', { name: 'Use the code from your authenticator app' })).toBeEnabled();
      await expectCodeStep(page, snapshot);
    },
    'secondStep.totp.recoveryCode.confirming': async (page) => {
      await expect(page.getByRole('progressbar', { name: 'Signing in', exact: true })).toBeVisible();
      await expect(recoveryCodeField(page)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Use the code from your authenticator app' })).toBeDisabled();
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
    // The spinner shows for at most 1.5 s of the page's time: from the press until the server is let answer, only
    // the test moves the clock, so a slow machine cannot run the spinner out before its state is checked.
    'login.submit': async (page) => {
      await stopTheClock(page);
      await continueButton(page).click();
    },
    'login.changeCode': async (page, _ctx, event) => {
      await anyCodeField(page).fill(event.code);
    },
    'login.useRecoveryCode': async (page) => {
      await page.getByRole('button', { name: 'Use a recovery code' }).click();
    },
    'login.useAppCode': async (page) => {
      await page.getByRole('button', { name: 'Use the code from your authenticator app' }).click();
    },
    'login.confirmCode': async (page) => {
      await signInButton(page).click();
    },
    // The e-mailed code's step says 'Back to the sign-in form', the app's 'Back to sign in'.
    'login.back': async (page) => {
      await page.getByRole('button', { name: /^Back to (the sign-in form|sign in)$/ }).click();
    },
    'login.google': async (page, ctx) => {
      ctx.popup = await openGooglePopup(page, 'Continue with Google');
    },
  },
  outcomes: {
    // The held sign-in goes to the real server with the account's real password, or a wrong one.
    loginWithEmail: {
      done: async (page, ctx, event) => {
        await page.clock.resume();
        const answer = (event as { output?: object }).output;
        if (asksForTotp(event)) {
          // The real server asks for the app: the right password of an account that has one.
          const account = await totpAccount(page);
          ctx.totp = account.totp;
          await ctx.login.release((body) => ({ ...body, email: account.email, password: account.password }));
          return;
        }
        if (answer && 'secondStep' in answer) {
          // The real server asks for the second step: the right password of an account past its ceiling.
          const guarded = await guardedAccount(page);
          const sent = mailsTo(guarded.email).length;
          await ctx.login.release((body) => ({ ...body, email: guarded.email, password: guarded.password }));
          ctx.guarded = { ...guarded, code: await codeFrom(guarded.email, sent) };
          return;
        }
        await ctx.login.release((body) => ({ ...body, email: ctx.account.email, password: ctx.account.password }));
      },
      error: async (page, { account, login }) => {
        await page.clock.resume();
        await login.release((body) => ({ ...body, email: account.email, password: 'not the password' }));
      },
    },
    continueWithGoogle: {
      done: async (page, ctx, event) => {
        if (asksForTotp(event)) {
          // An identity of the provider whose account here has the app on.
          const account = await verifiedAccountWithTwoFactor(page, newAccount().email);
          ctx.totp = account.totp;
          await signInAtProvider(ctx.popup!, account.email);
          return;
        }
        await signInAtProvider(ctx.popup!, `model-login-${Date.now()}`);
      },
      // The customer closes the popup; after the 8 s closed-detection delay the sign-in fails.
      error: (page, ctx) => closePopupAndWait(page, ctx.popup!),
    },
    // The typed code stands for the one the real server mailed, or for one that is not it.
    confirmSecondStep: {
      done: async (page, ctx, event) => {
        // The e-mailed code of an account with the app asks for the app next: turn it on before the code goes.
        if (asksForTotp(event))
          ctx.totp = await turnOnTwoFactor(page.request, ctx.guarded!.token, ctx.guarded!.password);
        await ctx.secondStep.release((body) => ({ ...body, code: ctx.guarded!.code }));
      },
      error: async (_page, ctx) => {
        const wrong = ctx.guarded!.code === '000000' ? '111111' : '000000';
        await ctx.secondStep.release((body) => ({ ...body, code: wrong }));
      },
    },
    // The typed code stands for one the app shows now, or an unused recovery code; or for a wrong one of its kind.
    confirmTotpStep: {
      done: async (_page, ctx) => {
        const totp = ctx.totp!;
        await ctx.secondStep.release((body) => ({
          ...body,
          code: /^\d{6}$/.test(String(body.code)) ? nextCode(totp) : totp.recoveryCodes.shift()!,
        }));
      },
      error: async (_page, ctx) => {
        const totp = ctx.totp!;
        await ctx.secondStep.release((body) => ({
          ...body,
          code: /^\d{6}$/.test(String(body.code)) ? wrongCode(totp) : 'zzzz-zzzz',
        }));
      },
    },
    checkGoogle: checkGoogleAtTheEdge,
  },
  delays: {
    spinnerLimit: (page) => page.clock.runFor(1500),
  },
});
