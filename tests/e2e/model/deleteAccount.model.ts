/**
 * Account deletion on the profile in Chromium against the real server: a customer whose deletion is already
 * scheduled (requested through the API), so that the page offers both the red 'Delete Account' link and
 * 'Cancel the deletion'. The requests, the cancellation and the reading of the user again go to the real
 * server, or fail at the network edge.
 *
 * The page runs the machine twice: the link and its dialog are one actor, the notice with 'Cancel the
 * deletion' another. Each path drives one of them at a time, and the maps look at the one the path drives.
 *
 * With the input `{ role: 'office' }` the account is an office member's (made with the roles command), whose
 * dialog asks for the current password: its refusal is real (the held request let through with a wrong
 * password) and shown in the dialog.
 */
import { expect, type Page } from '@playwright/test';
import { type DeleteAccountInput, deleteAccountMachine } from '#machines/deleteAccount.machine';
import { WRONG_CURRENT_PASSWORD_TEXT } from '#server/account/email-change';
import { deleteAccountSamples } from '../../machines/accountSamples';
import { describeBrowserModel } from './browser';
import { staffAccount } from './office';
import { existingAccount, HeldRequests, openApp, withStoredToken } from './support';

interface Ctx {
  request: HeldRequests;
  cancel: HeldRequests;
  refresh: HeldRequests;
  /** Whether the server holds a scheduled deletion. */
  scheduled: boolean;
  /** Whether the page shows one (the user it read last). */
  shown: boolean;
  /** What the last success said: the toast the page shows for it. */
  message?: RegExp;
  /** The actor the path drives: the link's (request) or the notice's (undo). */
  via?: 'request' | 'undo';
  /** An office member: the dialog asks for the password. */
  staff: boolean;
}

const SCHEDULED = /Your account and its data will be deleted on .+ \(in 14 days\)\./;
const CANCELLED = /Your account will not be deleted\./;

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Delete your account?' });
const confirmButton = (page: Page) => dialog(page).getByRole('button', { name: 'Delete my account' });
const notice = (page: Page) => page.getByText(/^Your account is scheduled for deletion on /);
const undoButton = (page: Page) => page.getByRole('button', { name: 'Cancel the deletion' });
const toast = (page: Page, text: RegExp) => page.getByTestId('toast').filter({ hasText: text }).last();
const passwordField = (page: Page) => dialog(page).getByLabel('Current password', { exact: true });
const dialogError = (page: Page) => dialog(page).getByRole('alert');

async function expectNotice(page: Page, shown: boolean) {
  if (shown) await expect(notice(page)).toBeVisible();
  else await expect(notice(page)).toHaveCount(0);
}

await describeBrowserModel<typeof deleteAccountMachine, Ctx>({
  machine: deleteAccountMachine,
  model: deleteAccountSamples,
  start: async (page, input) => {
    const staff = (input as DeleteAccountInput).role === 'office';
    const account = staff ? await staffAccount(page, 'office') : await existingAccount(page);
    const headers = { authorization: `Bearer ${account.token}` };
    if (staff) {
      // The plain request is refused to the office; the password one is not.
      expect((await page.request.get('/api/users/account/deletion/request', { headers })).status()).toBe(403);
    }
    const scheduled = staff
      ? await page.request.post('/api/users/account/deletion/request', {
          headers,
          data: { currentPassword: account.password },
        })
      : await page.request.get('/api/users/account/deletion/request', { headers });
    expect(scheduled.status()).toBe(200);
    await withStoredToken(page, account.token);
    const request = await HeldRequests.on(page, '**/api/users/account/deletion/request');
    const cancel = await HeldRequests.on(page, '**/api/users/account/deletion/cancel');
    await openApp(page, '/profile');
    // The app's own check of the sign-in is over: from here the user is read again only by this machine.
    const refresh = await HeldRequests.on(page, '**/api/users/authenticate');
    return { request, cancel, refresh, scheduled: true, shown: true, staff };
  },
  states: {
    idle: async (page, ctx) => {
      await expect(dialog(page)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Delete Account' })).toBeEnabled();
      await expectNotice(page, ctx.shown);
      if (ctx.shown) await expect(undoButton(page)).toBeEnabled();
    },
    confirming: async (page) => {
      await expect(dialog(page)).toContainText(
        'Your account and its data (profile, notifications, unpaid invoices) will be deleted 14 days from now. Paid invoices are kept for 6 years',
      );
      await expect(passwordField(page)).toHaveCount(0);
      await expect(confirmButton(page)).toBeEnabled();
    },
    requesting: async (page) => {
      await expect(dialog(page)).toBeVisible();
      await expect(confirmButton(page)).toBeDisabled();
    },
    // The office's dialog: the password field, the last refusal, and 'Delete' only with a password typed.
    confirmingWithPassword: async (page, _ctx, snapshot) => {
      await expect(dialog(page)).toContainText(
        'Your account and its data (profile, notifications, unpaid invoices) will be deleted 14 days from now. Paid invoices are kept for 6 years',
      );
      await expect(dialog(page)).toContainText('As a member of the office, confirm with your current password.');
      await expect(passwordField(page)).toBeEditable();
      const { error } = snapshot.context;
      if (error) await expect(dialogError(page)).toHaveText(error);
      else await expect(dialogError(page)).toHaveCount(0);
      if ((await passwordField(page).inputValue()) === '') await expect(confirmButton(page)).toBeDisabled();
      else await expect(confirmButton(page)).toBeEnabled();
    },
    requestingWithPassword: async (page) => {
      await expect(passwordField(page)).toBeVisible();
      await expect(dialogError(page)).toHaveCount(0);
      await expect(confirmButton(page)).toBeDisabled();
    },
    undoing: async (page) => {
      await expect(undoButton(page)).toBeDisabled();
    },
    // The server's message is out; the page still shows the user as it read it last.
    refreshing: async (page, ctx) => {
      await expect(toast(page, ctx.message!)).toHaveAttribute('data-variant', 'success');
      await expectNotice(page, ctx.shown);
      if (ctx.via === 'undo') await expect(undoButton(page)).toBeDisabled();
      else await expect(dialog(page)).toHaveCount(0);
    },
  },
  events: {
    'delete.open': async (page, ctx) => {
      ctx.via = 'request';
      await page.getByRole('button', { name: 'Delete Account' }).click();
    },
    'delete.dismiss': (page) => dialog(page).getByRole('button', { name: 'Keep my account' }).click(),
    'delete.confirm': async (page, ctx, event) => {
      if (!ctx.staff) return confirmButton(page).click();
      await passwordField(page).fill(event.password ?? '');
      // Without a password, Enter in the empty (required) field is all a person can do: nothing is sent.
      if (event.password === undefined) return passwordField(page).press('Enter');
      return confirmButton(page).click();
    },
    'delete.undo': async (page, ctx) => {
      ctx.via = 'undo';
      await undoButton(page).click();
    },
  },
  outcomes: {
    requestDeletion: {
      done: async (_page, ctx) => {
        await ctx.request.release();
        ctx.scheduled = true;
        ctx.message = SCHEDULED;
      },
      // The office's request is refused for real: it goes on with a wrong password; the text is in the dialog.
      // A customer's fails at the network edge: an error toast at top-left.
      error: async (page, ctx, event) => {
        if (event.type.endsWith('requestDeletionWithPassword')) {
          await ctx.request.release((body) => ({ ...body, currentPassword: 'not the password' }));
          await expect(dialogError(page)).toHaveText(WRONG_CURRENT_PASSWORD_TEXT);
          return;
        }
        await ctx.request.fail();
        const shown = page
          .locator('[data-position="top-left"]')
          .getByTestId('toast')
          .filter({ hasText: 'Network Error' });
        await expect(shown).toHaveAttribute('data-variant', 'error');
      },
    },
    cancelDeletion: {
      done: async (_page, ctx) => {
        await ctx.cancel.release();
        ctx.scheduled = false;
        ctx.message = CANCELLED;
      },
      error: async (page, ctx) => {
        await ctx.cancel.fail();
        const shown = page
          .locator('[data-position="top-left"]')
          .getByTestId('toast')
          .filter({ hasText: 'Network Error' });
        await expect(shown).toHaveAttribute('data-variant', 'error');
      },
    },
    // Read again, the page shows what the server holds; a failed read leaves it as it was.
    refreshUser: {
      done: async (_page, ctx) => {
        await ctx.refresh.release();
        ctx.shown = ctx.scheduled;
      },
      error: async (_page, ctx) => {
        await ctx.refresh.fail();
      },
    },
  },
  delays: {},
});
