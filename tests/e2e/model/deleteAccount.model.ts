/**
 * Account deletion on the profile in Chromium against the real server: a customer whose deletion is already
 * scheduled (requested through the API), so that the page offers both the red 'Delete Account' link and
 * 'Cancel the deletion'. The requests, the cancellation and the reading of the user again go to the real
 * server, or fail at the network edge.
 *
 * The page runs the machine twice: the link and its dialog are one actor, the notice with 'Cancel the
 * deletion' another. Each path drives one of them at a time, and the maps look at the one the path drives.
 */
import { expect, type Page } from '@playwright/test';
import { deleteAccountMachine } from '../../../machines/deleteAccount.machine';
import { deleteAccountSamples } from '../../machines/accountSamples';
import { describeBrowserModel } from './browser';
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
}

const SCHEDULED = /Your account and its data will be deleted on .+ \(in 14 days\)\./;
const CANCELLED = /Your account will not be deleted\./;

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Delete your account?' });
const confirmButton = (page: Page) => dialog(page).getByRole('button', { name: 'Delete my account' });
const notice = (page: Page) => page.getByText(/^Your account is scheduled for deletion on /);
const undoButton = (page: Page) => page.getByRole('button', { name: 'Cancel the deletion' });
const toast = (page: Page, text: RegExp) => page.getByTestId('toast').filter({ hasText: text }).last();

async function expectNotice(page: Page, shown: boolean) {
  if (shown) await expect(notice(page)).toBeVisible();
  else await expect(notice(page)).toHaveCount(0);
}

await describeBrowserModel<typeof deleteAccountMachine, Ctx>({
  machine: deleteAccountMachine,
  model: deleteAccountSamples,
  start: async (page) => {
    const account = await existingAccount(page);
    const scheduled = await page.request.get('/api/users/account/deletion/request', {
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(scheduled.status()).toBe(200);
    await withStoredToken(page, account.token);
    const request = await HeldRequests.on(page, '**/api/users/account/deletion/request');
    const cancel = await HeldRequests.on(page, '**/api/users/account/deletion/cancel');
    await openApp(page, '/profile');
    // The app's own check of the sign-in is over: from here the user is read again only by this machine.
    const refresh = await HeldRequests.on(page, '**/api/users/authenticate');
    return { request, cancel, refresh, scheduled: true, shown: true };
  },
  states: {
    idle: async (page, ctx) => {
      await expect(dialog(page)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Delete Account' })).toBeEnabled();
      await expectNotice(page, ctx.shown);
      if (ctx.shown) await expect(undoButton(page)).toBeEnabled();
    },
    confirming: async (page) => {
      await expect(dialog(page)).toContainText('Your account, invoices and personal data will be deleted 14 days');
      await expect(confirmButton(page)).toBeEnabled();
    },
    requesting: async (page) => {
      await expect(dialog(page)).toBeVisible();
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
    'delete.confirm': (page) => confirmButton(page).click(),
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
      // An error toast at top-left.
      error: async (page, ctx) => {
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
