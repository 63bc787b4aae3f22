/** What the browser models share: starting the app on Playwright's clock, accounts, held requests. */
import { expect, type Page, type Request, type Route } from '@playwright/test';
import { codeFrom, newAccount, wholePage } from '../support';

export const SPLASH_MS = 3000;

/** Opens a path with the clock installed (the test did that) and lets the 3 s splash pass. */
export async function openApp(page: Page, path: string) {
  await page.goto(path);
  await page.clock.runFor(SPLASH_MS);
  await expect(page.getByTestId('splash')).toBeHidden();
  await wholePage(page);
}

/**
 * Opens a path with Playwright's clock (installed by the test) paused before the page exists, so no page time
 * passes while a slow machine loads it: the splash's 1.5 s and 3 s pass only when the test moves the clock.
 */
export async function openWithStoppedClock(page: Page, path: string) {
  await page.clock.pauseAt(Date.now() + 1000);
  await page.goto(path);
}

/**
 * Pauses Playwright's clock where it is now (a moment ahead, so it is never in the past): from then on
 * only the test moves it, however slowly the machine under test answers.
 */
export async function stopTheClock(page: Page) {
  for (;;) {
    try {
      await page.clock.pauseAt(await page.evaluate(() => Date.now() + 200));
      return;
    } catch (error) {
      if (!String(error).includes('past')) throw error;
    }
  }
}

/** A customer who exists on the real server, made through the API. */
export async function existingAccount(page: Page) {
  const account = newAccount();
  const form = { name: account.name, email: account.email, password: account.password };
  const response = await page.request.post('/api/auth/register/email', { form });
  expect(response.status()).toBe(201);
  const { token } = (await response.json()) as { token: string };
  // Signing up mails a verification code in the background. Wait for it, so that a test counting the account's
  // mails from here on never takes it for the next one: a login path, under load, entered it as a sign-in code.
  await codeFrom(account.email, 0);
  return { ...account, token };
}

/**
 * Holds every request to one endpoint until the test says how it ends: that is how a path decides
 * the moment an actor settles. The request still goes to the real server when released.
 */
export class HeldRequests {
  private queue: Route[] = [];
  private waiting: ((route: Route) => void)[] = [];

  /**
   * Holds the first `count` requests to the endpoint (all of them by default); later ones pass. With `method`,
   * only requests of that method are held; others go on to the next handler (another HeldRequests, or the server).
   */
  static async on(page: Page, url: string | RegExp, count = Infinity, method?: string): Promise<HeldRequests> {
    const held = new HeldRequests();
    let seen = 0;
    await page.route(url, (route) => {
      if (method && route.request().method() !== method) return route.fallback();
      seen += 1;
      if (seen > count) return route.continue();
      held.push(route);
    });
    return held;
  }

  private push(route: Route) {
    const next = this.waiting.shift();
    if (next) next(route);
    else this.queue.push(route);
  }

  /** The next held request (waiting for it to be made if need be). */
  next(): Promise<Route> {
    const route = this.queue.shift();
    if (route) return Promise.resolve(route);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  get pending(): number {
    return this.queue.length;
  }

  /** Lets the next request through to the real server with another body. */
  async releaseWith(postData: string, contentType: string) {
    const route = await this.next();
    return route.continue({ postData, headers: { ...route.request().headers(), 'content-type': contentType } });
  }

  /** Lets the next request through to the real server and answers with its JSON answer changed by `edit`. */
  async answerWith(edit: (body: Record<string, unknown>) => Record<string, unknown>) {
    const route = await this.next();
    const response = await route.fetch();
    return route.fulfill({ response, json: edit((await response.json()) as Record<string, unknown>) });
  }

  /** The next request gets no answer: the network fails under it. */
  async fail() {
    const route = await this.next();
    return route.abort('connectionrefused');
  }

  /** Lets the next request through to the real server, with its JSON body changed by `edit`. */
  async release(edit?: (body: Record<string, unknown>, request: Request) => Record<string, unknown>) {
    const route = await this.next();
    const request = route.request();
    if (!edit) return route.continue();
    const body = edit((request.postDataJSON() ?? {}) as Record<string, unknown>, request);
    return route.continue({
      postData: JSON.stringify(body),
      headers: { ...request.headers(), 'content-type': 'application/json' },
    });
  }
}

/** Signs the browser in before the page loads, with a token the real server issued. */
export async function withStoredToken(page: Page, token: string) {
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem('model-token-set')) {
      localStorage.setItem('token', value);
      sessionStorage.setItem('model-token-set', '1');
    }
  }, token);
}

/**
 * Follows a link of the top bar (a page of the main navigation, or "Sign In") as a person at this width does: in
 * the bar where it shows, else through the menu button, where narrower screens keep it (docs/product.md).
 */
export async function followTopBarLink(page: Page, name: string) {
  const inBar = page.locator('.topbar').getByRole('link', { name, exact: true }).first();
  if (await inBar.isVisible()) return inBar.click();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name, exact: true }).click();
}

/** The top bar of a signed-out visitor: "Sign In" in it, or on a phone, where it moves into the menu, no avatar. */
export async function expectSignedOutBar(page: Page) {
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
  const signIn = page.locator('.topbar').getByRole('link', { name: 'Sign In', exact: true }).first();
  if ((page.viewportSize()?.width ?? 0) >= SIGN_IN_IN_BAR_FROM) await expect(signIn).toBeVisible();
  else await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
}

/** From this width up the top bar shows "Sign In" itself (src/components/TopBar.css). */
const SIGN_IN_IN_BAR_FROM = 768;
