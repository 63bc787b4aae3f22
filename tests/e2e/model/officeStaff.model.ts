/**
 * The admin's staff panel in Chromium against the real server: an admin (made with the roles command) and a
 * colleague who already has the office role. The list the server answers holds every staff member of the
 * site (other tests make them too); the checks look at these two. A grant's failure is a real refusal (an
 * address no account uses); the rest fail at the network edge.
 */
import { expect, type Page } from '@playwright/test';
import { grantableEmail, officeStaffMachine } from '#machines/officeStaff.machine';
import { staffAdmin, staffOffice } from '#tests/machines/fixtures';
import { officeStaffSamples } from '#tests/machines/samples';
import { describeBrowserModel } from './browser';
import { type Account, OFFICE_REQUESTS, staffAccount } from './office';
import { HeldRequests, openApp, withStoredToken } from './support';

interface Ctx {
  /** The real account behind each sample member's id. */
  members: Record<string, Account>;
  list: HeldRequests;
  grant: HeldRequests;
  revoke: HeldRequests;
}

const panel = (page: Page) => page.getByRole('region', { name: 'Staff' });
const confirmation = (page: Page) => page.getByRole('alertdialog', { name: 'Revoke office access?' });
const revokeButton = (page: Page, account: Account) =>
  panel(page).getByRole('button', { name: `Revoke office access of ${account.name} (${account.email})` });

describeBrowserModel<typeof officeStaffMachine, Ctx>({
  machine: officeStaffMachine,
  model: {
    ...officeStaffSamples,
    // The confirmation dialog is modal: while it is open only its two buttons can be reached (the address field
    // behind it too is out of reach), and they are there only then.
    filterEvents: (snapshot, event) => {
      const answer = event.type === 'staff.confirm' || event.type === 'staff.cancel';
      return snapshot.matches('confirmingRevoke') ? answer : !answer;
    },
  },
  start: async (page) => {
    const admin = await staffAccount(page, 'admin');
    const colleague = await staffAccount(page, 'office');
    await withStoredToken(page, admin.token);
    const ctx: Ctx = {
      members: { [staffAdmin.id]: admin, [staffOffice.id]: colleague },
      list: await HeldRequests.on(page, OFFICE_REQUESTS.staff, Infinity, 'GET'),
      grant: await HeldRequests.on(page, OFFICE_REQUESTS.staff, Infinity, 'POST'),
      revoke: await HeldRequests.on(page, OFFICE_REQUESTS.staffMember, Infinity, 'DELETE'),
    };
    await openApp(page, '/office');
    return ctx;
  },
  states: {
    loading: async (page) => {
      await expect(panel(page).getByRole('progressbar', { name: 'Loading staff' })).toBeVisible();
    },
    unavailable: async (page) => {
      await expect(panel(page).getByRole('button', { name: 'Load staff again' })).toBeVisible();
    },
    ready: async (page, ctx, snapshot) => {
      const { staff, email } = snapshot.context;
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      const rows = panel(page).getByTestId('staff-member');
      for (const member of [staffAdmin, staffOffice]) {
        const account = ctx.members[member.id]!;
        const listed = staff.some((candidate) => candidate.id === member.id);
        await expect(rows.filter({ hasText: account.email })).toHaveCount(listed ? 1 : 0);
      }
      // The admin's role is not the panel's to take away; the colleague's is.
      await expect(revokeButton(page, ctx.members[staffAdmin.id]!)).toHaveCount(0);
      const colleague = revokeButton(page, ctx.members[staffOffice.id]!);
      if (staff.some((member) => member.id === staffOffice.id)) await expect(colleague).toBeEnabled();
      else await expect(colleague).toHaveCount(0);
      await expect(panel(page).getByRole('button', { name: 'Grant office access' })).toBeEnabled({
        enabled: grantableEmail(email) !== null,
      });
    },
    granting: async (page) => {
      await expect(panel(page).getByRole('progressbar', { name: 'Granting' })).toBeVisible();
    },
    // The question names the member; focus starts on Cancel.
    confirmingRevoke: async (page, ctx, snapshot) => {
      const dialog = confirmation(page);
      const member = ctx.members[snapshot.context.revoking!]!;
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(
        `${member.name} (${member.email}) will no longer reach the office area. You can grant access again later.`,
      );
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await expect(dialog.getByRole('button', { name: 'Revoke access' })).toBeVisible();
    },
    revoking: async (page) => {
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      await expect(panel(page).getByRole('progressbar', { name: 'Revoking' })).toBeVisible();
      // The member's button is busy and then gone: the reader is on the panel's title.
      await expect(panel(page).getByRole('heading', { name: 'Staff' })).toBeFocused();
    },
  },
  events: {
    'staff.changeEmail': async (page, ctx, event) => {
      const value = event.value.includes('@') ? `  ${ctx.members[staffOffice.id]!.email} ` : event.value;
      await panel(page)
        .getByLabel(/Give office access to/)
        .fill(value);
    },
    'staff.grant': async (page) => {
      const button = panel(page).getByRole('button', { name: 'Grant office access' });
      if (await button.isEnabled()) await button.click();
    },
    'staff.revoke': async (page, ctx, event) => {
      const button = revokeButton(page, ctx.members[event.id]!);
      if ((await button.count()) > 0 && (await button.isEnabled())) await button.click();
    },
    'staff.reload': (page) => panel(page).getByRole('button', { name: 'Load staff again' }).click(),
    'staff.confirm': (page) => confirmation(page).getByRole('button', { name: 'Revoke access' }).click(),
    'staff.cancel': (page) => confirmation(page).getByRole('button', { name: 'Cancel' }).click(),
  },
  outcomes: {
    loadStaff: {
      done: async (_page, ctx) => {
        await ctx.list.release();
      },
      error: async (_page, ctx) => {
        await ctx.list.fail();
      },
    },
    // A real refusal: no account uses the address.
    grantOffice: {
      done: async (_page, ctx) => {
        await ctx.grant.release();
      },
      error: async (page, ctx) => {
        await ctx.grant.release((body) => ({ ...body, email: `nobody-${Date.now()}@example.com` }));
        await expect(page.getByTestId('toast').last()).toHaveAttribute('data-variant', 'error');
      },
    },
    revokeOffice: {
      done: async (_page, ctx) => {
        await ctx.revoke.release();
      },
      error: async (_page, ctx) => {
        await ctx.revoke.fail();
      },
    },
  },
  delays: {},
});
