/**
 * "Sign in with a passkey" in Chromium against the real server, on the passkey site (./passkeySite.ts): an
 * account whose passkey the virtual authenticator holds. The options and the check are held at the network;
 * the browser's prompt is held by holding the chunk that carries it, and refused for real by an authenticator
 * that cannot verify its user. The server's refusal is real too: an answer whose signature was changed.
 */
import { expect, type Page } from '@playwright/test';
import { PASSKEY_TEXTS } from '#machines/passkeys.machine';
import { passkeySignInMachine } from '#machines/passkeySignIn.machine';
import { passkeySignInSamples } from '#tests/machines/passkeySamples';
import { describeBrowserModel } from './browser';
import { accountWithPasskey, PASSKEY_SITE, type PasskeyAccount, PROMPT_CHUNK, promptsRefuse } from './passkeySite';
import { HeldRequests, openApp } from './support';

interface Ctx {
  account: PasskeyAccount;
  options: HeldRequests;
  prompt: HeldRequests;
  verify: HeldRequests;
}

const block = (page: Page) => page.getByTestId('passkey-sign-in');
const button = (page: Page) => block(page).getByRole('button', { name: 'Sign in with a passkey' });

describeBrowserModel<typeof passkeySignInMachine, Ctx>({
  machine: passkeySignInMachine,
  model: {
    ...passkeySignInSamples,
  },
  start: async (page) => {
    const account = await accountWithPasskey(page, 'Laptop');
    const ctx: Ctx = {
      account,
      options: await HeldRequests.on(page, '**/api/auth/passkey/options', Infinity, 'POST'),
      prompt: await HeldRequests.on(page, PROMPT_CHUNK),
      verify: await HeldRequests.on(page, '**/api/auth/passkey', Infinity, 'POST'),
    };
    await openApp(page, `${PASSKEY_SITE}/signin`);
    return ctx;
  },
  states: {
    idle: async (page, _ctx, snapshot) => {
      await expect(button(page)).toBeEnabled();
      const { error } = snapshot.context;
      if (error === null) await expect(block(page).getByRole('alert')).toHaveCount(0);
      // The server's refusal and a failed network are worded by the server or the client.
      else if (error === PASSKEY_TEXTS.cancelled) await expect(block(page).getByRole('alert')).toHaveText(error);
      else await expect(block(page).getByRole('alert')).toBeVisible();
      await expect(page).toHaveURL(/\/signin$/);
    },
    requesting: async (page) => {
      await expect(block(page).getByRole('progressbar', { name: 'Signing in with a passkey' })).toBeVisible();
    },
    prompting: async (page) => {
      await expect(block(page).getByRole('progressbar', { name: 'Waiting for your passkey' })).toBeVisible();
    },
    verifying: async (page, ctx) => {
      await expect.poll(() => ctx.verify.pending).toBe(1);
      await expect(block(page).getByRole('progressbar', { name: 'Signing in with a passkey' })).toBeVisible();
    },
    succeeded: async (page) => {
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    },
  },
  events: {
    'passkeySignIn.start': (page) => button(page).click(),
  },
  outcomes: {
    signInOptions: {
      done: async (_page, ctx) => {
        await ctx.options.release();
      },
      error: async (_page, ctx) => {
        await ctx.options.fail();
      },
    },
    askForPasskey: {
      done: async (_page, ctx) => {
        await ctx.prompt.release();
      },
      // The authenticator cannot verify its user: the browser refuses, as when a person cancels.
      error: async (page, ctx) => {
        await promptsRefuse(ctx.account, true);
        await ctx.prompt.release();
        await expect(block(page).getByRole('alert')).toHaveText(PASSKEY_TEXTS.cancelled);
        await promptsRefuse(ctx.account, false);
      },
    },
    verifyPasskey: {
      done: async (_page, ctx) => {
        await ctx.verify.release();
      },
      // A real refusal: the server checks the signature.
      error: async (_page, ctx) => {
        await ctx.verify.release((body) => {
          const response = body.response as { response: Record<string, string> };
          return { response: { ...response, response: { ...response.response, signature: 'AAAA' } } };
        });
      },
    },
  },
  delays: {},
});
