import { registerSamples } from '#tests/machines/samples';
import { expect, type Page } from '@playwright/test';
import { registerMachine } from '#machines/register.machine';
import { describeBrowserModel } from './browser';
import { newAccount } from '../support';
import { closePopupAndWait, openGooglePopup, signInAtProvider, checkGoogleAtTheEdge } from './google';
import { existingAccount, HeldRequests, openApp, stopTheClock } from './support';

interface Ctx {
  fresh: ReturnType<typeof newAccount>;
  taken: Awaited<ReturnType<typeof existingAccount>>;
  register: HeldRequests;
  /** The screen's question to the client config (later ones, such as the popup's, pass). */
  config: HeldRequests;
  popup?: Page;
}

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue', exact: true });
const googleButton = (page: Page) => page.getByRole('button', { name: 'Continue with Google' });
const form = (values: { name: string; email: string; password: string }) => new URLSearchParams(values).toString();

describeBrowserModel<typeof registerMachine, Ctx>({
  machine: registerMachine,
  model: {
    ...registerSamples,
    errors: {
      registerRequest: [new Error('taken')],
      googleRequest: [new Error('closed')],
      googleAvailability: [new Error('Network Error')],
    },
    serializeState: (s) =>
      JSON.stringify({
        value: s.value,
        agreed: s.context.agreed,
        error: s.context.error !== null,
        google: s.context.google,
      }),
  },
  start: async (page) => {
    const taken = await existingAccount(page);
    const register = await HeldRequests.on(page, '**/api/auth/register/email');
    const config = await HeldRequests.on(page, '**/api/client-config', 1);
    await openApp(page, '/signup');
    return { fresh: newAccount(), taken, register, config };
  },
  states: {
    editing: async (page, _ctx, snapshot) => {
      await expect(page).toHaveURL(/\/signup$/);
      if (snapshot.context.agreed) await expect(continueButton(page)).toBeEnabled();
      else await expect(continueButton(page)).toBeDisabled();
      // A site known to have no Google sign-in offers no Google button.
      if (snapshot.context.google === 'unavailable') await expect(googleButton(page)).toHaveCount(0);
      else await expect(googleButton(page)).toBeEnabled({ enabled: snapshot.context.agreed });
      if (snapshot.context.error) await expect(page.getByRole('alert')).toBeVisible();
      else await expect(page.getByRole('alert')).toHaveCount(0);
    },
    'submitting.spinning': async (page) => {
      await expect(page.getByRole('progressbar', { name: 'Creating your account' })).toBeVisible();
    },
    'submitting.waiting': async (page) => {
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await expect(continueButton(page)).toBeDisabled();
    },
    'withGoogle.spinning': async (page) => {
      await expect(page.getByRole('progressbar', { name: 'Creating your account' })).toBeVisible();
    },
    // The popup is still open, but the spinner has gone after 1.5 s; the buttons wait, disabled.
    'withGoogle.waiting': async (page) => {
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await expect(continueButton(page)).toBeDisabled();
      await expect(googleButton(page)).toBeDisabled();
    },
    succeeded: async (page) => {
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    },
  },
  events: {
    'register.change': async (page, { fresh }, event) => {
      const label = { name: 'Full Name', email: 'Email', password: 'Password' }[event.field];
      await page.getByLabel(label).fill(fresh[event.field]);
    },
    'register.agree': async (page, _ctx, event) => {
      await page.getByRole('checkbox').setChecked(event.agreed);
    },
    // A disabled button cannot be pressed: the event is a no-op for a person too. The spinner shows for at most
    // 1.5 s of the page's time: from the press until the server is let answer, only the test moves the clock.
    'register.submit': async (page) => {
      if (!(await continueButton(page).isEnabled())) return;
      await stopTheClock(page);
      await continueButton(page).click();
    },
    // No button (a site without Google sign-in) or a disabled one: nothing a person can press.
    'register.google': async (page, ctx) => {
      if ((await googleButton(page).count()) === 0 || !(await googleButton(page).isEnabled())) return;
      ctx.popup = await openGooglePopup(page, 'Continue with Google');
    },
  },
  outcomes: {
    registerWithEmail: {
      done: async (page, { fresh, register }) => {
        await page.clock.resume();
        await register.releaseWith(form(fresh), 'application/x-www-form-urlencoded');
      },
      // A real refusal: the e-mail already belongs to an account.
      error: async (page, { taken, register }) => {
        await page.clock.resume();
        await register.releaseWith(form({ ...taken, name: 'Someone' }), 'application/x-www-form-urlencoded');
      },
    },
    continueWithGoogle: {
      done: async (_page, ctx) => {
        await signInAtProvider(ctx.popup!, `model-register-${Date.now()}`);
      },
      error: (page, ctx) => closePopupAndWait(page, ctx.popup!),
    },
    checkGoogle: checkGoogleAtTheEdge,
  },
  delays: {
    spinnerLimit: (page) => page.clock.runFor(1500),
  },
});
