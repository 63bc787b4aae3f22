/**
 * React DOM renders the site, and takes over the splash that the page's HTML holds without an error or a redraw
 * (docs/decisions/0038-react-dom-renders.md): on every page a visitor can open first, on a first visit and a
 * returning one, signed out and signed in.
 */
import { type ConsoleMessage, expect, type Page, test } from '@playwright/test';
import { services } from '#domain/catalogue/services';
import { fixedPages } from '#domain/fixedPages';
import { serviceDetailsPath } from '#domain/pages';
import { existingAccount } from './model/support';
import { useToken } from './model/pages';
import { SPLASH_MINIMUM_MS, WELCOME_AFTER_MS } from '#machines/appStart.machine';
import { wholePage } from './support';

const publicPaths = [
  ...Object.keys(fixedPages).filter((path) => !['/profile', '/invoices', '/change-password', '/office'].includes(path)),
  serviceDetailsPath(services[0]!),
  '/not-found',
  '/no-such-page',
];
/** Addresses the server answers with its 404 status (the app then shows its 404 page). */
const notFoundPaths = new Set(['/not-found', '/no-such-page']);
const accountPaths = ['/', '/profile', '/invoices', '/change-password', serviceDetailsPath(services[1]!)];

/**
 * Before the page's own scripts: counts every `.splash` element put into the document, the parser's included. The
 * HTML holds one; React redraws it after a hydration error, which makes two.
 */
function countSplashes() {
  const seen = { splashes: 0 };
  Object.assign(window, { __splashesAdded: seen });
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof Element && node.matches('.splash')) seen.splashes += 1;
      }
    }
  }).observe(document, { childList: true, subtree: true });
}

/** Opens `path` as a visitor would, and answers what the console and the page reported until the page showed. */
async function startUp(page: Page, path: string): Promise<{ errors: string[]; splashes: number }> {
  const errors: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    // The browser's own line for the page's 404 status, which the server sends on purpose: not the app's.
    const pageStatus = message.text().includes('status of 404') && message.location().url === page.url();
    if (!(pageStatus && notFoundPaths.has(path))) errors.push(`console: ${message.text()}`);
  };
  const onPageError = (error: Error) => errors.push(`page: ${error.message}`);
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  await page.goto(path);
  // The splash's 3 s on the installed clock, then the page.
  await page.clock.runFor(SPLASH_MINIMUM_MS);
  await expect(page.getByTestId('splash')).toBeHidden();
  await wholePage(page);
  page.off('console', onConsole);
  page.off('pageerror', onPageError);
  const splashes = await page.evaluate(
    () => (window as unknown as { __splashesAdded: { splashes: number } }).__splashesAdded.splashes,
  );
  return { errors, splashes };
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(countSplashes);
  await page.clock.install();
});

for (const visit of ['first', 'returning'] as const) {
  test(`signed out, a ${visit} visit: every public page starts with no error and keeps the HTML’s splash`, async ({
    page,
    context,
    baseURL,
  }) => {
    for (const path of publicPaths) {
      await context.clearCookies();
      if (visit === 'returning') await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseURL! }]);
      const { errors, splashes } = await startUp(page, path);
      expect(errors, path).toEqual([]);
      expect(splashes, `${path}: splashes drawn`).toBe(1);
      // A first visit's banner is not in the HTML: it comes one render after the app took the splash over.
      await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(visit === 'first' ? 1 : 0);
    }
  });
}

test('signed in: the account pages start with no error and keep the HTML’s splash', async ({
  page,
  context,
  baseURL,
}) => {
  const account = await existingAccount(page);
  await useToken(page, account.token);
  await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseURL! }]);
  for (const path of accountPaths) {
    const { errors, splashes } = await startUp(page, path);
    expect(errors, path).toEqual([]);
    expect(splashes, `${path}: splashes drawn`).toBe(1);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  }
});

test('a start whose welcome is due before React’s first render runs still takes the HTML’s splash over', async ({
  page,
}) => {
  // A phone so slow that the splash's 1.5 s pass between the app's start and React's first render, which runs in a
  // task of its own: the welcome timer fires at once here, before that render.
  await page.addInitScript((welcomeMs) => {
    const setTimeoutAsBuilt = window.setTimeout;
    window.setTimeout = ((handler: TimerHandler, timeout?: number, ...args: unknown[]) =>
      setTimeoutAsBuilt(handler, timeout === welcomeMs ? 0 : timeout, ...args)) as typeof window.setTimeout;
  }, WELCOME_AFTER_MS);
  const { errors, splashes } = await startUp(page, '/');
  expect(errors).toEqual([]);
  expect(splashes).toBe(1);
});

test('the page is rendered by React DOM 19: its renderer reaches the developer tools’ hook', async ({ page }) => {
  // What React's developer tools install before a page runs: React DOM announces itself to it, a stand-in does not.
  await page.addInitScript(() => {
    const renderers: { rendererPackageName?: string; version?: string }[] = [];
    Object.assign(window, {
      __REACT_DEVTOOLS_GLOBAL_HOOK__: {
        renderers: new Map(),
        supportsFiber: true,
        isDisabled: false,
        inject(renderer: { rendererPackageName?: string; version?: string }) {
          renderers.push(renderer);
          this.renderers.set(renderers.length, renderer);
          return renderers.length;
        },
        checkDCE() {},
        onScheduleFiberRoot() {},
        onCommitFiberRoot() {},
        onPostCommitFiberRoot() {},
        onCommitFiberUnmount() {},
      },
    });
  });
  await page.goto('/');
  const renderers = await page.evaluate(() =>
    [
      ...(
        window as unknown as {
          __REACT_DEVTOOLS_GLOBAL_HOOK__: {
            renderers: Map<number, { rendererPackageName?: string; version?: string }>;
          };
        }
      ).__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.values(),
    ].map(({ rendererPackageName, version }) => ({ rendererPackageName, version })),
  );
  expect(renderers).toEqual([{ rendererPackageName: 'react-dom', version: expect.stringMatching(/^19\./) }]);
});
