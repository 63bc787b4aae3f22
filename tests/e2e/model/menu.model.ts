/**
 * The account menu in the top bar, in Chromium against the real server: a signed-in customer opens it from the
 * avatar, closes it with the avatar again, or by pressing anywhere else on the page.
 */
import { expect, type Page } from '@playwright/test';
import { menuMachine } from '#machines/menu.machine';
import { describeBrowserModel } from './browser';
import { existingAccount, openApp, withStoredToken } from './support';

interface Ctx {
  name: string;
}

const trigger = (page: Page) => page.getByRole('button', { name: 'Account menu' });
const panel = (page: Page) => page.getByRole('menu', { name: 'Account' });

describeBrowserModel<typeof menuMachine, Ctx>({
  machine: menuMachine,
  model: { events: [{ type: 'menu.toggle' }, { type: 'menu.close' }] },
  start: async (page) => {
    const account = await existingAccount(page);
    await withStoredToken(page, account.token);
    await openApp(page, '/contact-us');
    return { name: account.name };
  },
  states: {
    closed: async (page) => {
      await expect(trigger(page)).toHaveAttribute('aria-expanded', 'false');
      await expect(panel(page)).toHaveCount(0);
    },
    open: async (page, { name }) => {
      await expect(trigger(page)).toHaveAttribute('aria-expanded', 'true');
      await expect(panel(page)).toContainText(name);
      for (const item of ['Edit Profile', 'Change Password', 'Invoices', 'Logout']) {
        await expect(panel(page).getByRole('menuitem', { name: item })).toBeVisible();
      }
    },
  },
  events: {
    'menu.toggle': (page) => trigger(page).click(),
    // A press anywhere else on the page, as on any menu: just below the panel, which on a phone covers the
    // page's heading.
    'menu.close': async (page) => {
      const box = (await panel(page).boundingBox())!;
      await page.mouse.click(8, box.y + box.height + 8);
    },
  },
  outcomes: {},
  delays: {},
});
