import { expect } from '@playwright/test';
import { type ConsentInput, consentMachine } from '#machines/consent.machine';
import { describeBrowserModel } from './browser';
import { consentSamples } from '#tests/machines/samples';
import { openApp } from './support';
import { expectConsentCookie } from '../support';

const banner = (page: import('@playwright/test').Page) => page.getByRole('region', { name: 'Cookie consent' });

/** Both choices show, with the same class (size and weight) and the same height on the page. */
async function expectEqualChoice(page: import('@playwright/test').Page) {
  const accept = banner(page).getByRole('button', { name: 'Understood' });
  const decline = banner(page).getByRole('button', { name: 'Decline' });
  await expect(accept).toBeVisible();
  await expect(decline).toBeVisible();
  expect(await decline.getAttribute('class')).toBe(await accept.getAttribute('class'));
  expect((await decline.boundingBox())?.height).toBe((await accept.boundingBox())?.height);
  await expect(banner(page).getByRole('button', { name: 'I understand' })).toHaveCount(0);
}

describeBrowserModel<typeof consentMachine, Record<string, never>>({
  machine: consentMachine,
  model: consentSamples,
  start: async (page, input) => {
    const { stored, acceptOnScroll } = input as ConsentInput;
    // Accept-on-scroll is a choice of the site: the suite's second site is built with it on.
    const site = acceptOnScroll ? process.env.E2E_OTHER_URL! : `http://127.0.0.1:${process.env.E2E_PORT}`;
    if (stored !== null) await page.context().addCookies([{ name: 'CookieConsent', value: stored, url: site }]);
    await openApp(page, `${site}/`);
    return {};
  },
  states: {
    // An eventless step: the machine never rests here, so no page can show it.
    reading: async () => {
      throw new Error("'reading' is transient and never observed");
    },
    // Refusing is as easy as accepting: both buttons, the same word for accepting, the same look.
    asking: async (page) => {
      await expectEqualChoice(page);
    },
    reviewing: async (page) => {
      await expectEqualChoice(page);
    },
    decided: async (page, _ctx, snapshot) => {
      await expect(banner(page)).toHaveCount(0);
      await expectConsentCookie(page.context(), String(snapshot.context.choice));
    },
  },
  events: {
    'consent.accept': async (page) => {
      await banner(page).getByRole('button', { name: 'Understood' }).click();
    },
    'consent.decline': async (page) => {
      await banner(page).getByRole('button', { name: 'Decline' }).click();
    },
    'consent.review': async (page) => {
      await page.getByRole('button', { name: 'Cookie settings' }).click();
    },
    // The visitor scrolls to that share of the page (never past it: a whole pixel at most short of it).
    'consent.scrolled': async (page, _ctx, event) => {
      await page.evaluate((percent) => {
        const root = document.documentElement;
        const top = Math.floor(((root.scrollHeight - root.clientHeight) * percent) / 100);
        window.scrollTo({ top, behavior: 'instant' });
      }, event.percent);
      // The banner reports the position on the next frame.
      await page.clock.runFor(100);
    },
  },
  outcomes: {},
  delays: {},
});
