/** The Google popup, driven for real: the local OpenID provider's sign-in page in a popup window. */
import { expect, type Page } from '@playwright/test';
import { type HeldRequests, openApp } from './support';

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

/**
 * The customer closes the popup. The opener polls `popup.closed` every second (on the test's clock),
 * but the close reaches it in real time: give it a moment between polls, then wait the 8 s
 * closed-detection delay.
 */
export async function closePopupAndWait(page: Page, popup: Page): Promise<void> {
  await popup.close();
  await letOpenerNoticeClose(page);
  await page.clock.runFor(8000);
}

/** A few 1 s polls, each after a short real pause, so the closed popup is seen whatever the timing. */
export async function letOpenerNoticeClose(page: Page): Promise<void> {
  for (let poll = 0; poll < 4; poll += 1) {
    await page.waitForTimeout(100);
    await page.clock.runFor(1000);
  }
}

/**
 * The sign-in screens' question whether Google is offered, answered at the edge: the real server offers
 * Google; a site without it answers `google: null`; a failed question leaves the form not knowing.
 */
export const checkGoogleAtTheEdge = {
  done: async (page: Page, { config }: { config: HeldRequests }, event: unknown) => {
    const offered = (event as { output?: unknown }).output === true;
    if (offered) await config.release();
    else await config.answerWith((body) => ({ ...body, google: null }));
    await expect(page.locator('form[data-google]')).toHaveAttribute(
      'data-google',
      offered ? 'available' : 'unavailable',
    );
  },
  error: async (page: Page, { config }: { config: HeldRequests }) => {
    await config.fail();
    await expect(page.locator('form[data-google]')).toHaveAttribute('data-google', 'unknown');
  },
};

/**
 * A new account that signs in only with Google, made through the popup on `site` (the tests' own by default),
 * signed in on the page; its e-mail address and session token.
 */
export async function googleOnlyAccount(page: Page, site = ''): Promise<{ email: string; token: string }> {
  // No group of six digits of its own: a code mailed to it is read as the six digits in the message.
  const login = `model-google-${Date.now()}-p${Math.random().toString(36).slice(2, 8)}`;
  await openApp(page, `${site}/signup`);
  await page.getByRole('checkbox').check();
  await signInAtProvider(await openGooglePopup(page, 'Continue with Google'), login);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  const token = (await page.evaluate(() => localStorage.getItem('token')))!;
  const me = await page.request.get(`${site}/api/users/authenticate`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { user } = (await me.json()) as { user: { email: string; hasPassword?: boolean } };
  expect(user.hasPassword).toBe(false);
  return { email: user.email, token };
}
