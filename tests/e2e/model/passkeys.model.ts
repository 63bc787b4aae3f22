/**
 * The profile's passkeys block in Chromium against the real server, on the passkey site (./passkeySite.ts):
 * an account with one passkey ("Laptop"), with a password or signing in only with Google (made through the local
 * OpenID provider's popup, proving itself with codes the server mails, read from the outbox), and a virtual
 * authenticator that makes the new one. Every call is held at the network and fails there, except the options:
 * they go on to the server with the owner's real proof, or with a wrong one the server refuses for real. The
 * browser's prompt is held in the page (./passkeySite.ts, holdPrompts), and refused for real by an authenticator
 * that cannot verify its user. Without WebAuthn: a page whose browser has no PublicKeyCredential.
 */
import { expect, type Page } from '@playwright/test';
import { CODE_INVALID_TEXT } from '#server/ways-in/email-codes';
import { WRONG_CURRENT_PASSWORD_TEXT } from '#server/ways-in/current-password';
import { twoFactorCodeSentText } from '#server/two-factor/routes';
import { PASSKEY_TEXTS, passkeysMachine } from '#machines/passkeys.machine';
import { LAPTOP, PHONE, passkeysSamples, RENAMED, WRONG_PASSWORD } from '#tests/machines/passkeySamples';
import { codeFrom, mailsTo } from '../support';
import { describeBrowserModel } from './browser';
import {
  accountWithPasskey,
  mailedCode,
  PASSKEY_SITE,
  type PasskeyAccount,
  holdPrompts,
  letPromptGo,
  promptsRefuse,
} from './passkeySite';
import { HeldRequests, openApp, withStoredToken } from './support';

interface Ctx {
  account: PasskeyAccount;
  list: HeldRequests;
  requestCode: HeldRequests;
  /** The code in the last e-mail the page asked for, not used yet. */
  emailCode?: string;
  options: HeldRequests;
  register: HeldRequests;
  rename: HeldRequests;
  remove: HeldRequests;
}

const block = (page: Page) => page.getByTestId('passkey-settings');
const row = (page: Page, ctx: Ctx, id: string) =>
  block(page).locator(`[data-id="${id === LAPTOP.id ? ctx.account.passkeyId : id}"]`);
const dialog = (page: Page) => page.getByRole('alertdialog', { name: 'Remove this passkey?' });
const nameField = (page: Page) => block(page).getByLabel(/^(Name of the new passkey|New name for)/);
/** Where the owner's proof is typed: the removal's dialog while it is open, else the add form. */
const proofArea = async (page: Page) => ((await dialog(page).count()) > 0 ? dialog(page) : block(page));
const passwordField = async (page: Page) => (await proofArea(page)).getByLabel('Current password');
const codeField = async (page: Page) => (await proofArea(page)).getByLabel('Code from the e-mail');
const sendCodeButton = async (page: Page) =>
  (await proofArea(page)).getByRole('button', { name: /^Send (a|a new) code$/ });

async function clickIfThere(locator: ReturnType<Page['locator']>) {
  if ((await locator.count()) > 0 && (await locator.isEnabled())) await locator.click();
}

describeBrowserModel<typeof passkeysMachine, Ctx>({
  machine: passkeysMachine,
  model: {
    ...passkeysSamples,
    // The dialog is modal: while it is open only what it holds can be reached (the proof, its buttons), and its
    // buttons are there only then. A name is typed only where a field takes it (it is read-only while the passkey
    // is being made or saved).
    filterEvents: (snapshot, event) => {
      if (snapshot.matches('confirmingRemove')) {
        const inDialog = ['passkeys.confirm', 'passkeys.cancel', 'passkeys.sendCode', 'passkeys.changeProof'];
        // The server's answers (the mailed code's) come whatever the dialog shows.
        if (event.type.startsWith('xstate.')) return true;
        return inDialog.includes(event.type) && passkeysSamples.filterEvents!(snapshot, event);
      }
      if (event.type === 'passkeys.confirm') return false;
      if (event.type === 'passkeys.changeName') {
        return snapshot.matches('naming') || snapshot.matches({ renaming: 'editing' });
      }
      return passkeysSamples.filterEvents!(snapshot, event);
    },
  },
  start: async (page, input) => {
    const { supported, hasPassword } = input as { supported: boolean; hasPassword: boolean };
    const account = await accountWithPasskey(page, LAPTOP.name, false, !hasPassword);
    if (!supported) {
      await page.addInitScript(() => {
        Object.defineProperty(window, 'PublicKeyCredential', { value: undefined, configurable: true });
      });
    }
    await withStoredToken(page, account.token);
    await holdPrompts(page);
    const ctx: Ctx = {
      account,
      list: await HeldRequests.on(page, '**/api/users/passkeys', Infinity, 'GET'),
      requestCode: await HeldRequests.on(page, '**/api/users/two-factor/code'),
      options: await HeldRequests.on(page, '**/api/users/passkeys/registration/options', Infinity, 'POST'),
      register: await HeldRequests.on(page, '**/api/users/passkeys/registration', Infinity, 'POST'),
      rename: await HeldRequests.on(page, '**/api/users/passkeys/*', Infinity, 'PATCH'),
      remove: await HeldRequests.on(page, '**/api/users/passkeys/*', Infinity, 'DELETE'),
    };
    await openApp(page, `${PASSKEY_SITE}/profile`);
    return ctx;
  },
  states: {
    loading: async (page) => {
      await expect(block(page).getByRole('progressbar', { name: 'Loading passkeys' })).toBeVisible();
    },
    unavailable: async (page) => {
      await expect(block(page).getByRole('button', { name: 'Load passkeys again' })).toBeVisible();
    },
    ready: async (page, _ctx, snapshot) => {
      const { passkeys, supported } = snapshot.context;
      await expect(dialog(page)).toHaveCount(0);
      await expect(block(page).getByTestId('passkey')).toHaveCount(passkeys.length);
      for (const passkey of passkeys) await expect(block(page).getByText(passkey.name, { exact: true })).toBeVisible();
      await expect(block(page).getByRole('button', { name: 'Add a passkey' })).toHaveCount(supported ? 1 : 0);
      await expect(block(page).getByTestId('passkeys-unsupported')).toHaveCount(supported ? 0 : 1);
    },
    // The proof's field is the account's own, until options are taken; the refusal is the last one's text.
    'naming.editing': async (page, ctx, snapshot) => {
      const { name, error, options, values, notice } = snapshot.context;
      await expect(block(page).getByLabel('Name of the new passkey')).toHaveValue(name === '' ? /\S/ : name);
      if (error) await expect(block(page).getByRole('alert')).toBeVisible();
      else await expect(block(page).getByRole('alert')).toHaveCount(0);
      if (error === PASSKEY_TEXTS.cancelled) await expect(block(page).getByRole('alert')).toHaveText(error);
      const hasPassword = ctx.account.password !== null;
      await expect(await passwordField(page)).toHaveCount(options === null && hasPassword ? 1 : 0);
      await expect(await codeField(page)).toHaveCount(options === null && !hasPassword ? 1 : 0);
      if (options !== null) return;
      if (hasPassword) return expect(await passwordField(page)).toHaveValue(values.password);
      await expect(await codeField(page)).toHaveValue(values.emailCode);
      await expect(await sendCodeButton(page)).toHaveText(notice ? 'Send a new code' : 'Send a code');
      if (notice) await expect(block(page).getByRole('status')).toHaveText(twoFactorCodeSentText(ctx.account.email));
      else await expect(block(page).getByRole('status')).toHaveCount(0);
    },
    'naming.sendingCode': async (page) => {
      await expect(block(page).getByRole('progressbar', { name: 'Sending the code' })).toBeVisible();
      await expect(await codeField(page)).toBeVisible();
    },
    'adding.requesting': async (page) => {
      await expect(block(page).getByRole('progressbar', { name: 'Adding the passkey' })).toBeVisible();
    },
    'adding.prompting': async (page) => {
      await expect(block(page).getByRole('progressbar', { name: 'Waiting for your browser' })).toBeVisible();
    },
    'adding.saving': async (page, ctx) => {
      await expect.poll(() => ctx.register.pending).toBe(1);
      await expect(block(page).getByRole('progressbar', { name: 'Adding the passkey' })).toBeVisible();
    },
    // The field keeps its value while saving too: the state is told apart by its buttons and its error.
    'renaming.editing': async (page, _ctx, snapshot) => {
      const { name, error } = snapshot.context;
      await expect(block(page).getByLabel(/^New name for/)).toHaveValue(name);
      await expect(block(page).getByRole('progressbar', { name: 'Renaming' })).toHaveCount(0);
      await expect(block(page).getByRole('button', { name: 'Cancel' })).toBeEnabled();
      if (error) await expect(block(page).getByRole('alert')).toHaveText(error);
      else await expect(block(page).getByRole('alert')).toHaveCount(0);
    },
    'renaming.saving': async (page) => {
      await expect(block(page).getByRole('progressbar', { name: 'Renaming' })).toBeVisible();
    },
    // The owner's proof is asked in the dialog: the account's own field, as typed, and the last refusal below it.
    'confirmingRemove.editing': async (page, ctx, snapshot) => {
      const { values, error } = snapshot.context;
      await expect(dialog(page)).toBeVisible();
      if (ctx.account.password !== null) await expect(await passwordField(page)).toHaveValue(values.password);
      else await expect(await codeField(page)).toHaveValue(values.emailCode);
      if (error) await expect(dialog(page).getByRole('alert')).toBeVisible();
      else await expect(dialog(page).getByRole('alert')).toHaveCount(0);
      await expect(dialog(page).getByRole('button', { name: 'Remove passkey' })).toBeEnabled({
        enabled: snapshot.can({ type: 'passkeys.confirm' }),
      });
    },
    'confirmingRemove.sendingCode': async (page) => {
      await expect(dialog(page).getByRole('progressbar', { name: 'Sending the code' })).toBeVisible();
    },
    // The dialog stays while the server answers (the page behind it is hidden from the accessibility tree).
    removing: async (page, ctx) => {
      await expect.poll(() => ctx.remove.pending).toBe(1);
      await expect(dialog(page).getByRole('button', { name: 'Removing…' })).toBeDisabled();
    },
  },
  events: {
    'passkeys.add': (page) => clickIfThere(block(page).getByRole('button', { name: 'Add a passkey' })),
    'passkeys.rename': (page, ctx, event) =>
      clickIfThere(row(page, ctx, event.id).getByRole('button', { name: /^Rename / })),
    'passkeys.remove': (page, ctx, event) =>
      clickIfThere(row(page, ctx, event.id).getByRole('button', { name: /^Remove / })),
    'passkeys.changeName': (page, _ctx, event) => nameField(page).fill(event.value),
    'passkeys.changeProof': async (page, _ctx, event) =>
      (event.field === 'password' ? await passwordField(page) : await codeField(page)).fill(event.value),
    'passkeys.sendCode': async (page) => clickIfThere(await sendCodeButton(page)),
    'passkeys.submit': (page) => clickIfThere(block(page).getByRole('button', { name: /^(Continue|Save)$/ })),
    'passkeys.cancel': async (page) => {
      if ((await dialog(page).count()) > 0) await dialog(page).getByRole('button', { name: 'Cancel' }).click();
      else await clickIfThere(block(page).getByRole('button', { name: 'Cancel' }));
    },
    'passkeys.confirm': (page) => clickIfThere(dialog(page).getByRole('button', { name: 'Remove passkey' })),
    'passkeys.reload': (page) => clickIfThere(block(page).getByRole('button', { name: 'Load passkeys again' })),
  },
  outcomes: {
    listPasskeys: {
      done: async (_page, ctx) => void (await ctx.list.release()),
      error: async (_page, ctx) => void (await ctx.list.fail()),
    },
    // The code the page asked for goes into the outbox for real; the model reads it there for the options.
    requestCode: {
      done: async (_page, ctx) => {
        const sent = mailsTo(ctx.account.email).length;
        await ctx.requestCode.release();
        ctx.emailCode = await codeFrom(ctx.account.email, sent);
      },
      error: async (_page, ctx) => void (await ctx.requestCode.fail()),
    },
    // The page's options go on with the account's real proof (the password, or the code mailed last, or one mailed
    // now), or with a wrong one: the server refuses it with its own text.
    registrationOptions: {
      done: async (page, ctx) => {
        const { password } = ctx.account;
        const code = password === null ? (ctx.emailCode ?? (await mailedCode(page, ctx.account))) : undefined;
        ctx.emailCode = undefined;
        await ctx.options.release(() => (password === null ? { code } : { currentPassword: password }));
      },
      error: async (page, ctx) => {
        const hasPassword = ctx.account.password !== null;
        const wrongCode = ctx.emailCode === '000000' ? '111111' : '000000';
        await ctx.options.release(() => (hasPassword ? { currentPassword: WRONG_PASSWORD } : { code: wrongCode }));
        await expect(block(page).getByRole('alert')).toHaveText(
          hasPassword ? WRONG_CURRENT_PASSWORD_TEXT : CODE_INVALID_TEXT,
        );
      },
    },
    createPasskey: {
      done: (page) => letPromptGo(page),
      // The authenticator cannot verify its user: the browser refuses, as when a person cancels.
      error: async (page, ctx) => {
        await promptsRefuse(ctx.account, true);
        await letPromptGo(page);
        await expect(block(page).getByRole('alert')).toHaveText(PASSKEY_TEXTS.cancelled);
        await promptsRefuse(ctx.account, false);
      },
    },
    // The server keeps the name the sample answer carries, whatever the path typed before.
    registerPasskey: {
      done: async (_page, ctx) => void (await ctx.register.release((body) => ({ ...body, name: PHONE.name }))),
      error: async (_page, ctx) => void (await ctx.register.fail()),
    },
    renamePasskey: {
      done: async (_page, ctx) => void (await ctx.rename.release(() => ({ name: RENAMED }))),
      error: async (_page, ctx) => void (await ctx.rename.fail()),
    },
    // As the options: the removal goes on with the account's real proof, or with a wrong one the server refuses.
    removePasskey: {
      done: async (page, ctx) => {
        const { password } = ctx.account;
        const code = password === null ? (ctx.emailCode ?? (await mailedCode(page, ctx.account))) : undefined;
        ctx.emailCode = undefined;
        await ctx.remove.release(() => (password === null ? { code } : { currentPassword: password }));
      },
      error: async (page, ctx) => {
        const hasPassword = ctx.account.password !== null;
        const wrongCode = ctx.emailCode === '000000' ? '111111' : '000000';
        await ctx.remove.release(() => (hasPassword ? { currentPassword: WRONG_PASSWORD } : { code: wrongCode }));
        await expect(dialog(page).getByRole('alert')).toHaveText(
          hasPassword ? WRONG_CURRENT_PASSWORD_TEXT : CODE_INVALID_TEXT,
        );
      },
    },
  },
  delays: {},
});
