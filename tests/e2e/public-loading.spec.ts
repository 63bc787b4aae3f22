/**
 * How the site starts and loads its screens: the splash from the page itself, each screen's code on demand (a
 * spinner meanwhile, a reload offered when it never comes), no accessibility violation on any public page, and the
 * landing page's screenshots. What the public pages show is in public.spec.ts.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { servicesByPrice } from '#domain/catalogue/services';
import { publicPages } from './public-pages';
import { holdFile, open, passSplash } from './support';
import { useToken } from './model/pages';

test('the landing page loads no code of other screens', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await open(page, '/');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForTimeout(300);
  expect(scripts.length).toBeGreaterThan(0);
  const others = scripts.filter((path) =>
    /\/(Login|Register|Contact|YouthProject|ServiceDetails|PrivacyPolicy|Terms|NotFound)-/.test(path),
  );
  expect(others).toEqual([]);
});

test('while a screen’s code loads, the top bar and the footer stay, and a screen-tall spinner holds the footer down', async ({
  page,
}) => {
  // The Terms screen's code is held until the test lets it go: what a visitor on a slow line sees after a click.
  const release = await holdFile(page, /\/assets\/Terms-[^/]*\.js$/);
  await open(page, '/');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  const spinner = page.getByRole('progressbar');
  await expect(spinner).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(footer).toBeAttached();
  await expect(footer).not.toBeInViewport();
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expect(spinner).toHaveCount(0);
  await expect(page.getByRole('banner')).toBeVisible();
});

test('Back or a link pressed while a screen’s code loads shows where the visitor went, at once', async ({ page }) => {
  // On a slow line the visitor gives up on the screen they opened: its code is still held when they leave it.
  const releaseTerms = await holdFile(page, /\/assets\/Terms-[^/]*\.js$/);
  const releaseLogin = await holdFile(page, /\/assets\/Login-[^/]*\.js$/);
  await open(page, '/');
  const hero = page.getByRole('heading', { level: 1 });
  const heroText = (await hero.textContent())!;
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(hero).toHaveText(heroText);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  // Forward to the held screen waits for it again; a link from its spinner to another screen shows that one.
  await page.goForward();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  // A screen without the top bar (sign-in), left by Back while its code loads.
  await page.goBack();
  await page.goBack();
  await expect(hero).toHaveText(heroText);
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('progressbar')).toBeVisible();
  await page.goBack();
  await expect(hero).toHaveText(heroText);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  // The code that comes later changes nothing on the page the visitor is on.
  releaseTerms();
  releaseLogin();
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveURL(/\/$/);
  await expect(hero).toHaveText(heroText);
});

/** The splash's elements as a tree of tags, attributes (in name order) and text, whoever made them. */
const splashTree = (page: Page) =>
  page.getByTestId('splash').evaluate((splash) => {
    const tree = (node: Node): unknown =>
      node instanceof Element
        ? [
            node.localName,
            [...node.attributes].map((a) => `${a.name}=${a.value}`).sort(),
            [...node.childNodes].map(tree),
          ]
        : node.textContent;
    return tree(splash);
  });

test('the splash paints from the page itself before its code arrives, and the app takes over its elements', async ({
  page,
}) => {
  // The app's own first render of the splash, drawn from nothing: the page's splash removed from its HTML.
  await page.route('**/', async (route) => {
    const html = await (await route.fetch()).text();
    await route.fulfill({
      body: html.replace(/<div id="root">.*?<\/main><\/div>/s, '<div id="root"></div>'),
      contentType: 'text/html',
    });
  });
  await page.clock.pauseAt(Date.now() + 1000);
  await page.goto('/');
  const drawnByTheApp = await splashTree(page);
  await page.unroute('**/');

  // A visitor on a slow line: the code is on its way, and the splash already shows, exactly as the app draws it.
  const release = await holdFile(page, /\/assets\/[^/]*\.js$/);
  // Not to its load event, which waits for the code.
  await page.reload({ waitUntil: 'commit' });
  const splash = page.getByTestId('splash');
  await expect(splash.getByRole('heading', { name: 'Just a moment' })).toBeVisible();
  await expect(splash.getByRole('progressbar', { name: 'Starting' })).toBeVisible();
  expect(await splashTree(page)).toEqual(drawnByTheApp);
  await page.evaluate(() => Object.assign(document.querySelector('.spinner__ring')!, { fromTheHtml: true }));

  // The code comes: the app's first render (with the cookie banner, for a first visit) keeps those very elements,
  // so the spinner turns on without starting over.
  release();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
  expect(await page.evaluate(() => 'fromTheHtml' in document.querySelector('.spinner__ring')!)).toBe(true);
  expect(await splashTree(page)).toEqual(drawnByTheApp);
  await page.clock.runFor(3000);
  await expect(splash).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: /Empowering Your Business/ })).toBeVisible();
});

/** Moves the splash's "taking longer" animation to `ms` after the splash appeared: the stylesheet's own timing. */
const splashUpFor = (page: Page, ms: number) =>
  page.evaluate((at) => {
    const stalled = document.getAnimations().filter((a) => (a as CSSAnimation).animationName === 'splash-stalled');
    if (stalled.length !== 1) throw new Error(`${stalled.length} "splash-stalled" animations`);
    stalled[0]!.currentTime = at;
  }, ms);

test('a splash still up after 15 s, because the code never came or the sign-in check never answered, offers a reload', async ({
  page,
}) => {
  const reload = page.getByTestId('splash').getByRole('link', { name: 'Reload the page' });
  // The page's code never arrives (a dropped line, a proxy that blocks it): only the HTML's splash shows.
  const code = /\/assets\/[^/]*\.js$/;
  await page.route(code, (route) => route.abort('connectionreset'));
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Just a moment' })).toBeVisible();
  await expect(page.getByText('Taking longer than usual?')).toBeHidden();
  await splashUpFor(page, 14_900);
  await expect(reload).toBeHidden();
  await splashUpFor(page, 15_000);
  await expect(page.getByText('Taking longer than usual?')).toBeVisible();
  await expect(reload).toBeVisible();

  // The line is back: the link reloads the page, whose code now comes; the app takes over and the splash ends.
  await page.unroute(code);
  await reload.click();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
  await expect(reload).toBeHidden();
  await passSplash(page);
  await expect(page.getByRole('heading', { level: 1, name: /Empowering Your Business/ })).toBeVisible();

  // The code runs, but the sign-in check never answers: the app's splash (the same elements) says the same.
  await useToken(page, 'a'.repeat(43));
  const release = await holdFile(page, /\/api\/users\/authenticate$/);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
  await expect(reload).toBeHidden();
  await splashUpFor(page, 15_000);
  await expect(reload).toBeVisible();
  // Here too the link loads the page anew (the app does not take it over), and the new page starts its splash over.
  await page.evaluate(() => Object.assign(window, { beforeTheReload: true }));
  await reload.click();
  await expect.poll(() => page.evaluate(() => 'beforeTheReload' in window)).toBe(false);
  await expect(page.getByRole('heading', { name: 'Just a moment' })).toBeVisible();
  await expect(reload).toBeHidden();
  // The answer comes at last (the token is unknown: signed out), and the page shows.
  release();
  await passSplash(page);
  await expect(page.getByRole('heading', { level: 1, name: /Empowering Your Business/ })).toBeVisible();
});

test('a screen whose code does not arrive says so and offers a reload, which brings it', async ({ page }) => {
  // The line drops (or a deploy has replaced the files this tab names) just as the visitor opens Terms.
  const failing = /\/assets\/Terms-[^/]*\.js$/;
  await page.route(failing, (route) => route.abort('connectionreset'));
  await open(page, '/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'This page could not be shown' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);

  // Another screen still opens.
  await page.getByRole('banner').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'This page could not be shown' })).toBeVisible();

  // The line is back: the reload brings the page.
  await page.unroute(failing);
  await page.getByRole('button', { name: 'Reload the page' }).click();
  await passSplash(page);
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
});

test('a screen without the top bar whose code does not arrive says so too', async ({ page }) => {
  await page.route(/\/assets\/Login-[^/]*\.js$/, (route) => route.abort('connectionreset'));
  await open(page, '/');
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'This page could not be shown' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload the page' })).toBeVisible();
});

test('no serious or critical accessibility violation on any public page', async ({ page }) => {
  test.setTimeout(120_000); // nine pages, each behind the 3 s splash
  const paths = [...publicPages.map((p) => p.path), `/service/${servicesByPrice[0]!.id}/details`];
  for (const path of paths) {
    await open(page, path);
    if (path.startsWith('/service/'))
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 6000 });
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${path}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
      );
    expect(serious).toEqual([]);
  }
});

test('screenshots of the landing page at 375 px and 1280 px', async ({ page, context, baseURL }, testInfo) => {
  await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseURL! }]);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await open(page, '/');
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
    const path = testInfo.outputPath(`landing-${width}.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`landing-${width}`, { path, contentType: 'image/png' });
  }
});
