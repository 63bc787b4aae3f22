/**
 * The signed-in top bar's bell in Chromium against the real server: a new customer, whose one notification
 * is the welcome. The list and the marking as seen go to the real server, or fail at the network edge. The
 * list is read again when the customer moves to another screen, and when the bell opens.
 */
import { expect, type Page } from '@playwright/test';
import { notificationsMachine } from '#machines/notifications.machine';
import { notificationsSamples } from '#tests/machines/accountSamples';
import { describeBrowserModel } from './browser';
import { existingAccount, followTopBarLink, HeldRequests, openApp, withStoredToken } from './support';

interface Ctx {
  list: HeldRequests;
  see: HeldRequests;
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const panel = (page: Page) => page.getByRole('region', { name: 'Notifications list' });

async function expectCount(page: Page, unseen: number) {
  await expect(bell(page)).toHaveAccessibleName(unseen ? `Notifications, ${unseen} unseen` : 'Notifications');
}

async function expectList(page: Page, notifications: { seen: boolean }[]) {
  await expect(bell(page)).toHaveAttribute('aria-expanded', 'true');
  if (notifications.length === 0) await expect(panel(page)).toHaveText('No notifications yet.');
  else {
    await expect(panel(page).getByRole('listitem')).toHaveCount(notifications.length);
    await expect(panel(page).getByRole('listitem').first()).toContainText('Welcome');
  }
}

describeBrowserModel<typeof notificationsMachine, Ctx>({
  machine: notificationsMachine,
  model: notificationsSamples,
  start: async (page) => {
    const account = await existingAccount(page);
    await withStoredToken(page, account.token);
    const list = await HeldRequests.on(page, /\/api\/users\/notifications$/);
    const see = await HeldRequests.on(page, /\/api\/users\/notifications\/see$/);
    await openApp(page, '/');
    return { list, see };
  },
  states: {
    // Busy: the count is not final yet (a list read again keeps the one read before meanwhile).
    loading: async (page, _ctx, snapshot) => {
      await expect(bell(page)).toHaveAttribute('aria-busy', 'true');
      await expect(panel(page)).toHaveCount(0);
      await expectCount(page, snapshot.context.notifications.filter((n) => !n.seen).length);
    },
    closed: async (page, _ctx, snapshot) => {
      await expect(bell(page)).toHaveAttribute('aria-busy', 'false');
      await expect(bell(page)).toHaveAttribute('aria-expanded', 'false');
      await expect(panel(page)).toHaveCount(0);
      await expectCount(page, snapshot.context.notifications.filter((n) => !n.seen).length);
    },
    // Opening reads the list again: the list read before shows meanwhile, busy, with its count.
    'open.reading': async (page, _ctx, snapshot) => {
      await expectList(page, snapshot.context.notifications);
      await expect(bell(page)).toHaveAttribute('aria-busy', 'true');
      await expectCount(page, snapshot.context.notifications.filter((n) => !n.seen).length);
    },
    // The list is open, not yet marked seen: the count stays.
    'open.markingSeen': async (page, _ctx, snapshot) => {
      await expectList(page, snapshot.context.notifications);
      await expectCount(page, snapshot.context.notifications.filter((n) => !n.seen).length);
    },
    'open.seen': async (page, _ctx, snapshot) => {
      await expectList(page, snapshot.context.notifications);
      await expectCount(page, snapshot.context.notifications.filter((n) => !n.seen).length);
    },
  },
  events: {
    'notifications.toggle': (page) => bell(page).click(),
    'notifications.close': (page) => page.keyboard.press('Escape'),
    // The customer moves to another screen (the top bar stays).
    'notifications.refresh': async (page) => {
      const other = page.url().endsWith('/privacy-policy') ? 'Terms of Service' : 'Privacy Policy';
      await followTopBarLink(page, other);
    },
  },
  outcomes: {
    // The first read, and the read on opening: the same endpoint.
    loadNotifications: {
      done: async (_page, ctx) => {
        await ctx.list.release();
      },
      error: async (_page, ctx) => {
        await ctx.list.fail();
      },
    },
    markSeen: {
      // The request must name what the list showed; the server then marks none of it, so that every later read
      // answers the welcome unseen, as the machine's one sample does (the marking itself: notifications.test.ts
      // and site-truth.spec.ts).
      done: async (_page, ctx) => {
        await ctx.see.release((body) => {
          expect(body).toEqual({ ids: expect.any(Array) });
          return { ids: [] };
        });
      },
      error: async (_page, ctx) => {
        await ctx.see.fail();
      },
    },
  },
  delays: {},
});
