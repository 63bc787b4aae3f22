/**
 * Account deletion on the profile in Chromium against the real server. The input decides how the page opens:
 * with `deletionScheduledFor` set, a deletion is requested through the API first, so the page opens on the
 * notice with 'Cancel the deletion' (`scheduled`); without, on the red 'Delete Account' link (`active`). The page
 * never offers both. The requests, the cancellation and the reading of the user again go to the real server, or
 * fail at the network edge.
 *
 * The user read again after a request or an undo says what the path's sample says: when that differs from what
 * the page just did (a deletion asked for, or cancelled, in another tab), the model makes it so through the API
 * before the read reaches the server.
 *
 * With `role: 'office'` the account is an office member's (made with the roles command), whose dialog asks for
 * the current password: its refusal is real (the held request let through with a wrong password) and shown in
 * the dialog.
 */
import { expect, type Page } from '@playwright/test';
import { type DeleteAccountInput, deleteAccountMachine } from '#machines/deleteAccount.machine';
import type { User } from '#domain/types';
import { WRONG_CURRENT_PASSWORD_TEXT } from '#server/ways-in/current-password';
import { deleteAccountSamples } from '#tests/machines/accountSamples';
import { describeBrowserModel } from './browser';
import { type Account, staffAccount } from './office';
import { existingAccount, HeldRequests, openApp, withStoredToken } from './support';

interface Ctx {
  account: Account;
  request: HeldRequests;
  cancel: HeldRequests;
  refresh: HeldRequests;
  /** Whether the server holds a scheduled deletion. */
  scheduled: boolean;
  /** What the last success said: the toast the page shows for it. */
  message?: RegExp;
  /** An office member: the dialog asks for the password. */
  staff: boolean;
  /** A cancellation went through on this page: the focus is taken to the link that replaced its button. */
  undone?: boolean;
}

const SCHEDULED = /Your account and its data will be deleted on .+ \(in 14 days\)\./;
const CANCELLED = /Your account will not be deleted\./;

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Delete your account?' });
const confirmButton = (page: Page) => dialog(page).getByRole('button', { name: 'Delete my account' });
const deleteLink = (page: Page) => page.getByRole('button', { name: 'Delete Account' });
const notice = (page: Page) => page.getByText(/^Your account is scheduled for deletion/);
const undoButton = (page: Page) => page.getByRole('button', { name: 'Cancel the deletion' });
const toast = (page: Page, text: RegExp) => page.getByTestId('toast').filter({ hasText: text }).last();
const passwordField = (page: Page) => dialog(page).getByLabel('Current password', { exact: true });
const dialogError = (page: Page) => dialog(page).getByRole('alert');
const errorToast = (page: Page) =>
  page.locator('[data-position="top-left"]').getByTestId('toast').filter({ hasText: 'Network Error' });

const bearer = (ctx: { account: Account }) => ({ authorization: `Bearer ${ctx.account.token}` });

/** Schedules the account's deletion through the API, as another tab would: the office's with its password. */
async function scheduleThroughApi(page: Page, ctx: Pick<Ctx, 'account' | 'staff'>) {
  const headers = bearer(ctx);
  const response = ctx.staff
    ? await page.request.post('/api/users/account/deletion/request', {
        headers,
        data: { currentPassword: ctx.account.password },
      })
    : await page.request.get('/api/users/account/deletion/request', { headers });
  expect(response.status()).toBe(200);
}

async function cancelThroughApi(page: Page, ctx: Pick<Ctx, 'account'>) {
  const response = await page.request.post('/api/users/account/deletion/cancel', { headers: bearer(ctx) });
  expect(response.status()).toBe(200);
}

/** The date the server holds, as the page writes it. */
async function serverDate(page: Page, ctx: Pick<Ctx, 'account'>) {
  const response = await page.request.get('/api/users/authenticate', { headers: bearer(ctx) });
  expect(response.status()).toBe(200);
  const { deletionScheduledFor } = ((await response.json()) as { user: User }).user;
  expect(deletionScheduledFor).toBeTruthy();
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' }).format(new Date(deletionScheduledFor!));
}

/**
 * No deletion is scheduled: the notice is not there, and the link is (behind the dialog while that is open,
 * where the modal dialog hides the rest of the page from the accessibility tree: `withDialog`).
 */
async function expectActive(page: Page, withDialog = false) {
  await expect(notice(page)).toHaveCount(0);
  await expect(undoButton(page)).toHaveCount(0);
  if (withDialog) await expect(page.locator('button.profile__delete')).toHaveText('Delete Account');
  else await expect(deleteLink(page)).toBeVisible();
}

/** A deletion is scheduled: the notice (with the server's date once the page knows it), and no link. */
async function expectScheduled(page: Page, ctx: Ctx, date: string | null) {
  if (date)
    await expect(notice(page)).toHaveText(`Your account is scheduled for deletion on ${await serverDate(page, ctx)}.`);
  else await expect(notice(page)).toHaveText('Your account is scheduled for deletion.');
  await expect(deleteLink(page)).toHaveCount(0);
  await expect(dialog(page)).toHaveCount(0);
}

describeBrowserModel<typeof deleteAccountMachine, Ctx>({
  machine: deleteAccountMachine,
  model: deleteAccountSamples,
  start: async (page, input) => {
    const { role, deletionScheduledFor } = input as DeleteAccountInput;
    const staff = role === 'office';
    const account = staff ? await staffAccount(page, 'office') : await existingAccount(page);
    if (staff) {
      // The plain request is refused to the office; the password one is not.
      const plain = await page.request.get('/api/users/account/deletion/request', { headers: bearer({ account }) });
      expect(plain.status()).toBe(403);
    }
    const scheduled = deletionScheduledFor !== null;
    if (scheduled) await scheduleThroughApi(page, { account, staff });
    await withStoredToken(page, account.token);
    const request = await HeldRequests.on(page, '**/api/users/account/deletion/request');
    const cancel = await HeldRequests.on(page, '**/api/users/account/deletion/cancel');
    await openApp(page, '/profile');
    // The app's own check of the sign-in is over: from here the user is read again only by this machine.
    const refresh = await HeldRequests.on(page, '**/api/users/authenticate');
    return { account, request, cancel, refresh, scheduled, staff };
  },
  states: {
    start: async () => {
      throw new Error("'start' is transient and never observed");
    },
    'active.idle': async (page, ctx) => {
      await expectActive(page);
      await expect(dialog(page)).toHaveCount(0);
      await expect(deleteLink(page)).toBeEnabled();
      if (ctx.undone) await expect(deleteLink(page)).toBeFocused();
    },
    'active.confirming': async (page) => {
      await expectActive(page, true);
      await expect(dialog(page)).toContainText(
        'Your account and its data (profile, notifications, unpaid invoices) will be deleted 14 days from now. Paid invoices are kept for 6 years',
      );
      await expect(passwordField(page)).toHaveCount(0);
      await expect(confirmButton(page)).toBeEnabled();
    },
    'active.requesting': async (page) => {
      await expectActive(page, true);
      await expect(dialog(page)).toBeVisible();
      await expect(confirmButton(page)).toBeDisabled();
    },
    // The office's dialog: the password field, the last refusal, and 'Delete' only with a password typed.
    'active.confirmingWithPassword': async (page, _ctx, snapshot) => {
      await expectActive(page, true);
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
    'active.requestingWithPassword': async (page) => {
      await expectActive(page, true);
      await expect(passwordField(page)).toBeVisible();
      await expect(dialogError(page)).toHaveCount(0);
      await expect(confirmButton(page)).toBeDisabled();
    },
    // Cancelled: the server's message is out, the notice is gone, and the link waits for the user read again.
    'active.refreshing': async (page, ctx) => {
      await expect(toast(page, ctx.message!)).toHaveAttribute('data-variant', 'success');
      await expectActive(page);
      await expect(dialog(page)).toHaveCount(0);
      await expect(deleteLink(page)).toBeDisabled();
    },
    'scheduled.idle': async (page, ctx, snapshot) => {
      await expectScheduled(page, ctx, snapshot.context.deletionScheduledFor);
      await expect(undoButton(page)).toBeEnabled();
    },
    'scheduled.undoing': async (page, ctx, snapshot) => {
      await expectScheduled(page, ctx, snapshot.context.deletionScheduledFor);
      await expect(undoButton(page)).toBeDisabled();
    },
    // Requested: the server's message is out, the dialog and the link are gone, the date comes with the read.
    'scheduled.refreshing': async (page, ctx, snapshot) => {
      await expect(toast(page, ctx.message!)).toHaveAttribute('data-variant', 'success');
      await expectScheduled(page, ctx, snapshot.context.deletionScheduledFor);
      await expect(undoButton(page)).toBeDisabled();
      // The dialog and its link are gone: the reader is taken to what happened.
      await expect(notice(page)).toBeFocused();
    },
  },
  events: {
    'delete.open': (page) => deleteLink(page).click(),
    'delete.dismiss': (page) => dialog(page).getByRole('button', { name: 'Keep my account' }).click(),
    'delete.confirm': async (page, ctx, event) => {
      if (!ctx.staff) return confirmButton(page).click();
      await passwordField(page).fill(event.password ?? '');
      // Without a password, Enter in the empty (required) field is all a person can do: nothing is sent.
      if (event.password === undefined) return passwordField(page).press('Enter');
      return confirmButton(page).click();
    },
    'delete.undo': (page) => undoButton(page).click(),
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
        await expect(errorToast(page)).toHaveAttribute('data-variant', 'error');
      },
    },
    cancelDeletion: {
      done: async (_page, ctx) => {
        await ctx.cancel.release();
        ctx.scheduled = false;
        ctx.undone = true;
        ctx.message = CANCELLED;
      },
      error: async (page, ctx) => {
        await ctx.cancel.fail();
        await expect(errorToast(page)).toHaveAttribute('data-variant', 'error');
      },
    },
    // The read answers what the server holds; the sample decides what that is (another tab may have changed it).
    refreshUser: {
      done: async (page, ctx, event) => {
        const wanted = Boolean((event as unknown as { output: User }).output.deletionScheduledFor);
        if (wanted && !ctx.scheduled) await scheduleThroughApi(page, ctx);
        if (!wanted && ctx.scheduled) await cancelThroughApi(page, ctx);
        ctx.scheduled = wanted;
        await ctx.refresh.release();
      },
      error: async (_page, ctx) => {
        await ctx.refresh.fail();
      },
    },
  },
  delays: {},
});
