/**
 * The Change password page in Chromium against the real server: a signed-in customer types into the three
 * fields, shows and hides the new one, and applies. The held change goes to the real server with the
 * account's real password and a new one (and the account's password is that one from then on), or with a
 * wrong old password, which the server refuses.
 */
import { expect, type Page } from '@playwright/test';
import { changePasswordMachine, PASSWORD_FIELDS, passwordsFilled } from '#machines/changePassword.machine';
import { changePasswordSamples, changePasswordState } from '#tests/machines/accountSamples';
import { describeBrowserModel } from './browser';
import { existingAccount, HeldRequests, openApp, withStoredToken } from './support';

interface Ctx {
  /** The account's password as the server holds it now. */
  password: string;
  change: HeldRequests;
  changes: number;
}

const LABELS = { oldPassword: 'Old password', newPassword: 'New password', confirmPassword: 'Confirm new password' };
const field = (page: Page, name: keyof typeof LABELS) => page.getByLabel(LABELS[name], { exact: true });
const apply = (page: Page) => page.getByRole('button', { name: 'Apply' });

describeBrowserModel<typeof changePasswordMachine, Ctx>({
  machine: changePasswordMachine,
  model: { ...changePasswordSamples, serializeState: changePasswordState },
  start: async (page) => {
    const account = await existingAccount(page);
    await withStoredToken(page, account.token);
    const change = await HeldRequests.on(page, '**/api/users/password/change');
    await openApp(page, '/change-password');
    return { password: account.password, change, changes: 0 };
  },
  states: {
    editing: async (page, _ctx, snapshot) => {
      const { values, visible, error } = snapshot.context;
      for (const name of PASSWORD_FIELDS) {
        await expect(field(page, name)).toHaveValue(values[name]);
        await expect(field(page, name)).toHaveAttribute('type', visible[name] ? 'text' : 'password');
      }
      // Apply only when every trimmed field is 8 to 128 characters; matching is the server's check.
      await expect(apply(page)).toBeEnabled({ enabled: passwordsFilled(values) });
      if (error) await expect(page.getByRole('alert')).toHaveText(error);
      else await expect(page.getByRole('alert')).toHaveCount(0);
    },
    saving: async (page) => {
      const spinner = page.getByRole('progressbar', { name: 'Saving' });
      await expect(page.getByRole('button').filter({ has: spinner })).toBeDisabled();
      await expect(apply(page)).toHaveCount(0);
    },
  },
  events: {
    'password.change': (page, _ctx, event) => field(page, event.field).fill(event.value),
    'password.toggleVisibility': (page, _ctx, event) =>
      page.getByRole('button', { name: new RegExp(`^(Show|Hide) ${LABELS[event.field].toLowerCase()}$`) }).click(),
    // A disabled button cannot be pressed: the event is a no-op for a person too.
    'password.submit': async (page) => {
      if (await apply(page).isEnabled()) await apply(page).click();
    },
  },
  outcomes: {
    changePassword: {
      done: async (page, ctx) => {
        ctx.changes += 1;
        const next = `model changed ${Date.now()} ${ctx.changes}`;
        await ctx.change.release(() => ({ oldPassword: ctx.password, newPassword: next, confirmPassword: next }));
        ctx.password = next;
        await expect(
          page
            .getByTestId('toast')
            .filter({ hasText: 'Your password has been changed. Other devices were signed out.' })
            .last(),
        ).toHaveAttribute('data-variant', 'success');
      },
      // A real refusal: the old password is not the account's.
      error: async (_page, ctx) => {
        await ctx.change.release((body) => ({ ...body, oldPassword: 'not the password at all' }));
      },
    },
  },
  delays: {},
});
