/**
 * Forgot password in Chromium against the real server: a customer who exists asks for a code, which the real
 * server mails (read from the test SMTP server's outbox), and resets the password with it. A code request
 * that cannot reach the server fails at the network edge; a reset is refused for real with a code that is
 * not the one mailed.
 */
import { expect, type Page } from '@playwright/test';
import { REMOVE_OTHER_SIGN_INS_LABEL } from '#domain/contract';
import { forgotPasswordMachine } from '#machines/forgotPassword.machine';
import { forgotPasswordSamples, forgotPasswordState } from '#tests/machines/accountSamples';
import { codeFrom, mailsTo } from '../support';
import { describeBrowserModel } from './browser';
import { type Account } from './office';
import { existingAccount, HeldRequests, openApp } from './support';

interface Ctx {
  account: Account;
  requestCode: HeldRequests;
  reset: HeldRequests;
  /** The code in the last message the server sent. */
  code?: string;
}

const LABELS = { email: 'Email', code: 'Code from the e-mail', newPassword: 'New password' };
const CODE_SENT = 'If an account exists for that address, we have sent it a code.';
const field = (page: Page, name: keyof typeof LABELS) => page.getByLabel(LABELS[name], { exact: true });
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send me a code' });
const resetButton = (page: Page) => page.getByRole('button', { name: 'Reset password' });
const removeOthers = (page: Page) => page.getByRole('checkbox', { name: REMOVE_OTHER_SIGN_INS_LABEL });

async function expectError(page: Page, error: string | null) {
  if (error) await expect(page.getByRole('alert')).toHaveText(error);
  else await expect(page.getByRole('alert')).toHaveCount(0);
}

describeBrowserModel<typeof forgotPasswordMachine, Ctx>({
  machine: forgotPasswordMachine,
  model: {
    ...forgotPasswordSamples,
    serializeState: forgotPasswordState,
    // The first screen has the e-mail field only; the second the code and the new password only.
    filterEvents: (snapshot, event) =>
      event.type !== 'forgot.change' || snapshot.matches('askingEmail') === (event.field === 'email'),
    // What the browser meets: no answer from the server, and the server's refusal of a wrong code.
    errors: {
      requestCode: [new Error('Network Error')],
      resetPassword: [new Error('This code is not valid or has expired.')],
    },
  },
  start: async (page) => {
    const account = await existingAccount(page);
    const requestCode = await HeldRequests.on(page, /\/api\/users\/password\/forgot\/code$/, Infinity, 'POST');
    const reset = await HeldRequests.on(page, /\/api\/users\/password\/forgot$/, Infinity, 'POST');
    await openApp(page, '/forgot-password');
    return { account, requestCode, reset };
  },
  states: {
    askingEmail: async (page, { account }, snapshot) => {
      await expect(page.getByText('Enter the e-mail address of your account.')).toBeVisible();
      await expect(field(page, 'email')).toHaveValue(snapshot.context.email ? account.email : '');
      await expect(sendButton(page)).toBeVisible();
      await expectError(page, snapshot.context.error);
    },
    sendingCode: async (page) => {
      await expect(page.getByRole('progressbar', { name: 'Sending the code' })).toBeVisible();
      await expect(sendButton(page)).toHaveCount(0);
    },
    enteringCode: async (page, _ctx, snapshot) => {
      const { code, newPassword, error, removeOtherSignIns } = snapshot.context;
      await expect(page.getByRole('status')).toContainText(CODE_SENT);
      await expect(field(page, 'code')).toHaveValue(code);
      await expect(field(page, 'newPassword')).toHaveValue(newPassword);
      await expect(resetButton(page)).toBeVisible();
      await expect(removeOthers(page)).toBeChecked({ checked: removeOtherSignIns });
      await expectError(page, error);
    },
    resetting: async (page) => {
      await expect(page.getByRole('progressbar', { name: 'Resetting your password' })).toBeVisible();
      await expect(resetButton(page)).toHaveCount(0);
    },
    done: async (page) => {
      await expect(page.getByRole('status')).toHaveText(
        'Your password has been reset. You can now sign in with your new password.',
      );
      await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    },
  },
  events: {
    'forgot.change': (page, { account }, event) =>
      field(page, event.field).fill(event.field === 'email' ? account.email : event.value),
    'forgot.sendCode': (page) => sendButton(page).click(),
    'forgot.reset': (page) => resetButton(page).click(),
    'forgot.toggleRemoveOthers': (page) => removeOthers(page).click(),
    'forgot.resend': (page) => page.getByRole('button', { name: 'Send a new code' }).click(),
    'forgot.changeEmail': (page) => page.getByRole('button', { name: 'Use another e-mail' }).click(),
  },
  outcomes: {
    // The real server mails a code to the account; the test reads it from the outbox.
    requestCode: {
      done: async (_page, ctx) => {
        const sent = mailsTo(ctx.account.email).length;
        await ctx.requestCode.release();
        ctx.code = await codeFrom(ctx.account.email, sent);
      },
      error: async (_page, ctx) => {
        await ctx.requestCode.fail();
      },
    },
    // The typed code stands for the mailed one, or for one that is not it.
    resetPassword: {
      done: async (_page, ctx) => {
        await ctx.reset.release((body) => ({ ...body, code: ctx.code! }));
      },
      error: async (_page, ctx) => {
        await ctx.reset.release((body) => ({ ...body, code: ctx.code === '000000' ? '111111' : '000000' }));
      },
    },
  },
  delays: {},
});
