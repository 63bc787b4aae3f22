/**
 * E-mail verification on the profile in Chromium against the real server: a new customer enters the code
 * mailed at sign-up, or asks for a code, which the real server mails (both read from the test SMTP server's
 * outbox), and enters it. A code request that
 * cannot reach the server fails at the network edge; a check is refused for real with a code that is not
 * the one mailed.
 */
import { expect, type Page } from '@playwright/test';
import { verifyEmailMachine } from '#machines/verifyEmail.machine';
import { verifyEmailSamples } from '#tests/machines/accountSamples';
import { codeFrom, mailsTo } from '../support';
import { describeBrowserModel } from './browser';
import { type Account } from './office';
import { existingAccount, HeldRequests, openApp, withStoredToken } from './support';

interface Ctx {
  account: Account;
  send: HeldRequests;
  check: HeldRequests;
  /** The code in the last message the server sent. */
  code?: string;
}

const status = (page: Page) => page.getByTestId('email-status');
const startButton = (page: Page) => status(page).getByRole('button', { name: 'Verify my e-mail address' });
const haveCodeButton = (page: Page) => status(page).getByRole('button', { name: 'I have a code' });
const verifyButton = (page: Page) => status(page).getByRole('button', { name: 'Verify', exact: true });
const codeField = (page: Page) => status(page).getByLabel(/^Enter the 6-digit code we sent to /);

async function expectError(page: Page, error: string | null) {
  if (error) await expect(status(page).getByRole('alert')).toHaveText(error);
  else await expect(status(page).getByRole('alert')).toHaveCount(0);
}

describeBrowserModel<typeof verifyEmailMachine, Ctx>({
  machine: verifyEmailMachine,
  model: {
    ...verifyEmailSamples,
    // What the browser meets: no answer from the server, and the server's refusal of a wrong code.
    errors: {
      sendCode: [new Error('Network Error')],
      confirmCode: [new Error('This code is not valid or has expired.')],
    },
  },
  start: async (page) => {
    const account = await existingAccount(page);
    // The sign-up's own mail: its code is the one to enter until another is asked for.
    const code = await codeFrom(account.email, 0);
    await withStoredToken(page, account.token);
    const send = await HeldRequests.on(page, /\/api\/users\/verify\/email\/code$/, Infinity, 'POST');
    const check = await HeldRequests.on(page, /\/api\/users\/verify\/email$/, Infinity, 'POST');
    await openApp(page, '/profile');
    return { account, send, check, code };
  },
  states: {
    idle: async (page, { account }, snapshot) => {
      await expect(status(page)).toContainText(`${account.email} is not verified yet.`);
      await expect(startButton(page)).toBeEnabled();
      await expect(haveCodeButton(page)).toBeEnabled();
      await expect(codeField(page)).toHaveCount(0);
      await expectError(page, snapshot.context.error);
    },
    sending: async (page) => {
      await expect(startButton(page)).toBeDisabled();
    },
    awaitingCode: async (page, { account }, snapshot) => {
      await expect(status(page)).toContainText(`${account.email} is not verified yet.`);
      await expect(codeField(page)).toHaveAccessibleName(`Enter the 6-digit code we sent to ${account.email}`);
      await expect(codeField(page)).toHaveValue(snapshot.context.code);
      await expect(verifyButton(page)).toBeEnabled();
      await expectError(page, snapshot.context.error);
    },
    checking: async (page) => {
      await expect(verifyButton(page)).toBeDisabled();
    },
    verified: async (page, { account }) => {
      await expect(status(page)).toHaveText(`✓ ${account.email} is verified`);
      await expect(page.getByTestId('toast').filter({ hasText: 'Your e-mail address is verified.' })).toHaveAttribute(
        'data-variant',
        'success',
      );
    },
  },
  events: {
    'verify.start': (page) => startButton(page).click(),
    'verify.enterCode': (page) => haveCodeButton(page).click(),
    'verify.change': (page, _ctx, event) => codeField(page).fill(event.code),
    'verify.submit': (page) => verifyButton(page).click(),
    'verify.resend': (page) => status(page).getByRole('button', { name: 'Send a new code' }).click(),
    'verify.cancel': (page) => status(page).getByRole('button', { name: 'Not now' }).click(),
  },
  outcomes: {
    // The real server mails a code to the account; the test reads it from the outbox.
    sendCode: {
      done: async (_page, ctx) => {
        const sent = mailsTo(ctx.account.email).length;
        await ctx.send.release();
        ctx.code = await codeFrom(ctx.account.email, sent);
      },
      error: async (_page, ctx) => {
        await ctx.send.fail();
      },
    },
    // The typed code stands for the mailed one, or for one that is not it.
    confirmCode: {
      done: async (_page, ctx) => {
        await ctx.check.release(() => ({ code: ctx.code! }));
      },
      error: async (_page, ctx) => {
        await ctx.check.release(() => ({ code: ctx.code === '000000' ? '111111' : '000000' }));
      },
    },
  },
  delays: {},
});
