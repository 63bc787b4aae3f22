/** What the models of the public pages and the order's two sides share: opening a page on a stopped clock, as someone. */
import { expect, type Locator, type Page } from '@playwright/test';
import { wholePage } from '../support';
import { openWithStoppedClock, SPLASH_MS } from './support';

/** How far the clock moves at a time while a lazily loaded page is on its way. */
export const NUDGE_MS = 50;

/**
 * On a stopped clock, moves it on NUDGE_MS at a time until `done()` holds (at most 100 steps): for what the page
 * does at an idle moment, such as the visit record, whose idle callback runs on Playwright's clock.
 */
export async function nudgeUntil(page: Page, done: () => boolean) {
  for (let tick = 0; tick < 100 && !done(); tick += 1) {
    await page.clock.runFor(NUDGE_MS);
    await expect
      .poll(done, { timeout: 500 })
      .toBe(true)
      .catch(() => {});
  }
}

/**
 * On a stopped clock, while a lazily loaded screen is on its way: moves the clock NUDGE_MS at a time until `shown` is
 * visible (at most 100 steps). React shows a screen whose code it waited for no sooner than 300 ms after its spinner,
 * on the page's clock; a screen's own timer has then run at most NUDGE_MS past that.
 */
export async function nudgeUntilVisible(page: Page, shown: Locator) {
  for (let tick = 0; tick < 100 && !(await shown.isVisible()); tick += 1) {
    await page.waitForTimeout(NUDGE_MS);
    await page.clock.runFor(NUDGE_MS);
  }
  await expect(shown).toBeVisible();
}

/**
 * Opens a path with Playwright's clock stopped and lets the 3 s splash pass: from then on the page's time moves
 * only when the test moves it. A lazily loaded page shows once its code has arrived, so the clock is moved a
 * little at a time until `shown` is there: a screen's own timer has then run at most NUDGE_MS.
 */
export async function openStopped(page: Page, path: string, shown: Locator) {
  await openWithStoppedClock(page, path);
  await page.clock.runFor(SPLASH_MS);
  await expect(page.getByTestId('splash')).toHaveCount(0);
  await nudgeUntilVisible(page, shown);
  await wholePage(page);
}

/** Keeps a session token in the site's storage, as signing in does, so the next page opens signed in as its owner. */
export async function useToken(page: Page, token: string) {
  if (!page.url().startsWith('http')) await page.goto('/api/health');
  await page.evaluate((value) => localStorage.setItem('token', value), token);
}
