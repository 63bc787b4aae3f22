import { expect } from '@playwright/test';
import { consentMachine } from '../../../machines/consent.machine';
import { describeBrowserModel } from '../../model/browser';
import { openApp } from './support';

const banner = (page: import('@playwright/test').Page) => page.getByRole('region', { name: 'Cookie consent' });

await describeBrowserModel<typeof consentMachine, Record<string, never>>({
  machine: consentMachine,
  model: {
    inputs: [{ stored: null }, { stored: 'true' }, { stored: 'false' }, { stored: 'garbage' }],
    events: [{ type: 'consent.accept' }, { type: 'consent.decline' }, { type: 'consent.review' }],
  },
  start: async (page, input) => {
    const { stored } = input as { stored: string | null };
    if (stored !== null) {
      const url = `http://127.0.0.1:${process.env.E2E_PORT}`;
      await page.context().addCookies([{ name: 'CookieConsent', value: stored, url }]);
    }
    await openApp(page, '/');
    return {};
  },
  states: {
    // An eventless step: the machine never rests here, so no page can show it.
    reading: async () => {
      throw new Error("'reading' is transient and never observed");
    },
    asking: async (page) => {
      await expect(banner(page).getByRole('button', { name: 'Understood' })).toBeVisible();
      await expect(banner(page).getByRole('button', { name: 'Decline' })).toHaveCount(0);
    },
    reviewing: async (page) => {
      await expect(banner(page).getByRole('button', { name: 'I understand' })).toBeVisible();
      await expect(banner(page).getByRole('button', { name: 'Decline' })).toBeVisible();
    },
    decided: async (page, _ctx, snapshot) => {
      await expect(banner(page)).toHaveCount(0);
      const cookie = (await page.context().cookies()).find((c) => c.name === 'CookieConsent');
      expect(cookie?.value).toBe(snapshot.context.choice);
    },
  },
  events: {
    'consent.accept': async (page) => {
      await banner(page)
        .getByRole('button', { name: /^(Understood|I understand)$/ })
        .click();
    },
    'consent.decline': async (page) => {
      await banner(page).getByRole('button', { name: 'Decline' }).click();
    },
    'consent.review': async (page) => {
      await page.getByRole('button', { name: 'Cookie settings' }).click();
    },
  },
  outcomes: {},
  delays: {},
});
