/** The Google popup, driven for real: the local OpenID provider's sign-in page in a popup window. */
import { expect, type Page } from '@playwright/test';

/** Clicks a Google button and returns the popup it opens. */
export async function openGooglePopup(page: Page, button: string): Promise<Page> {
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: button }).click();
  return popup;
}

/**
 * Signs in on the local provider's page with a login name (the provider's development sign-in form
 * accepts any name; see server/dev/oidc.ts) and lets it send the popup back to our callback page.
 */
export async function signInAtProvider(popup: Page, login: string): Promise<void> {
  await popup.locator('input[name="login"]').fill(login);
  await popup.locator('input[name="password"]').fill('any password');
  // Consent is granted by the provider itself; the callback then closes the popup.
  const closed = popup.waitForEvent('close', { timeout: 15_000 });
  await popup.locator('button[type="submit"]').click();
  await closed;
}

export async function expectNoPopupOpen(page: Page) {
  expect(page.context().pages()).toHaveLength(1);
}

/**
 * The customer closes the popup: the opener notices at one of its next 1 s polls (a few, in case the
 * close reaches it late), then waits the 8 s closed-detection delay before giving up.
 */
export async function closePopupAndWait(page: Page, popup: Page): Promise<void> {
  await popup.close();
  for (let poll = 0; poll < 3; poll += 1) await page.clock.runFor(1000);
  await page.clock.runFor(8000);
}
