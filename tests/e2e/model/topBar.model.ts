/**
 * The landing page's top bar in Chromium: see-through over the hero, solid black once the page is scrolled
 * 80 px, see-through again above that.
 */
import { expect, type Page } from '@playwright/test';
import { topBarMachine } from '#machines/topBar.machine';
import { describeBrowserModel } from './browser';
import { openApp } from './support';

const bar = (page: Page) => page.locator('header.topbar');

describeBrowserModel<typeof topBarMachine, Record<string, never>>({
  machine: topBarMachine,
  // Just short of the line, and on it.
  model: {
    events: [
      { type: 'page.scrolled', y: 79 },
      { type: 'page.scrolled', y: 80 },
    ],
  },
  start: async (page) => {
    await openApp(page, '/');
    return {};
  },
  states: {
    transparent: async (page) => {
      await expect(bar(page)).toHaveAttribute('data-solid', 'false');
      await expect(bar(page)).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    },
    solid: async (page) => {
      await expect(bar(page)).toHaveAttribute('data-solid', 'true');
      await expect(bar(page)).toHaveCSS('background-color', 'rgb(0, 0, 0)');
    },
  },
  events: {
    'page.scrolled': async (page, _ctx, event) => {
      await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), event.y);
      expect(await page.evaluate(() => window.scrollY)).toBe(event.y);
      // The bar reads the position on the next frame.
      await page.clock.runFor(100);
    },
  },
  outcomes: {},
  delays: {},
});
