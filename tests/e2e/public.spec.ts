import { expect, type Page, test } from '@playwright/test';
import { servicesByPrice, formatPrice } from '#domain/catalogue/services';
import { company } from '#domain/company';
import { publicPages } from './public-pages';
import { mailsTo, open, passSplash } from './support';
import { nudgeUntilVisible, openStopped, useToken } from './model/pages';
import { existingAccount, stopTheClock } from './model/support';

test('every public route renders its content, with a title and a description', async ({ page }) => {
  test.setTimeout(90_000);
  for (const { path, heading, title } of publicPages) {
    await open(page, path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveTitle(title);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^.{20,}$/);
  }
  await open(page, '/privacy-policy');
  await expect(page.getByText('November 29 2026')).toBeVisible();
  await open(page, '/terms');
  await expect(page.getByText(/non-refundable/).first()).toBeVisible();
  await expect(page.getByText(/within a few hours/).first()).toBeVisible();
});

test('the landing page shows the five blocks in order and six services sorted by price', async ({ page }) => {
  await open(page, '/');
  await expect(page.getByText('Unlock the Full Potential of Technology for Optimal Growth and Success')).toBeVisible();
  const ids = await page.locator('main > section[id]').evaluateAll((sections) => sections.map((s) => s.id));
  expect(ids.slice(0, 3)).toEqual(['about', 'discover', 'services']);
  await expect(page.getByRole('heading', { level: 2, name: 'How We Can Help' })).toBeVisible();

  const cards = page.getByTestId('service-card');
  await expect(cards).toHaveCount(6);
  const prices = await cards.evaluateAll((nodes) =>
    nodes.map((node) => node.textContent?.match(/£[\d,]+\.\d{2}/)?.[0]),
  );
  expect(prices).toEqual(servicesByPrice.map((service) => formatPrice(service.price)));
  expect(prices).toEqual(['£49.00', '£59.00', '£59.00', '£59.00', '£69.00', '£79.00']);
  for (const [index, service] of servicesByPrice.entries()) {
    const card = cards.nth(index);
    await expect(card.getByRole('heading', { name: service.title })).toBeVisible();
    await expect(card.getByRole('img')).toHaveAttribute('alt', /\w/);
    await expect(card.getByRole('link', { name: 'View details' })).toHaveAttribute(
      'href',
      `/service/${service.id}/details`,
    );
  }

  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText(`© ${new Date().getFullYear()} ${company.name}`)).toBeVisible();
  await expect(footer.getByRole('link', { name: company.supportEmail })).toHaveAttribute(
    'href',
    `mailto:${company.supportEmail}`,
  );
  for (const name of ['Privacy Policy', 'Terms of Service', 'Contact us']) {
    await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
  }
  // One link per network whose page of the company's own the build sets (docs/configuration.md); none by default.
  const socialPages = Object.values(company.social).filter((href) => href !== null);
  await expect(footer.getByRole('link', { name: /opens in a new tab/ })).toHaveCount(socialPages.length);
});

/**
 * Runs in the page from its start, on the browser's own frames (no test clock): each time the landing page is put
 * on the page, whether its blocks below the hero and the footer came with it, and if not, for each in order whether
 * a frame had begun since the hero or the one before it came (a frame that begins with them on the page draws them).
 */
function watchLandingArrivals() {
  const blocks = ['#about', '#discover', '#services', '#how-we-can-help', 'footer'];
  const there = (selector: string) => document.querySelector(selector) !== null;
  const arrivals: Array<{ together: boolean; eachAfterAFrame: boolean[] }> = [];
  (window as unknown as { landingArrivals: typeof arrivals }).landingArrivals = arrivals;
  let hero: Element | null = null;
  let arrival: (typeof arrivals)[number] | null = null;
  let next = 0;
  let framed = false;
  const cameNow = () => {
    framed = false;
    requestAnimationFrame(() => (framed = true));
  };
  new MutationObserver(() => {
    const now = document.querySelector('.hero');
    if (now !== hero) {
      hero = now;
      arrival = null;
      if (!now) return;
      const together = blocks.every(there);
      arrival = { together, eachAfterAFrame: [] };
      arrivals.push(arrival);
      next = together ? blocks.length : 0;
      cameNow();
    }
    while (arrival && next < blocks.length && there(blocks[next]!)) {
      arrival.eachAfterAFrame.push(framed);
      next += 1;
      cameNow();
    }
  }).observe(document, { childList: true, subtree: true });
}

const landingArrivals = (page: Page) =>
  page.evaluate(() => (window as unknown as { landingArrivals: unknown[] }).landingArrivals);

test('opened at its top, the landing page draws the hero first, then its blocks one a frame; at a section or on Back, all at once', async ({
  page,
}) => {
  await page.addInitScript(watchLandingArrivals);
  await page.goto('/');
  await passSplash(page);
  await expect(page.getByRole('contentinfo')).toBeAttached();
  const frameByFrame = { together: false, eachAfterAFrame: [true, true, true, true, true] };
  expect(await landingArrivals(page)).toEqual([frameByFrame]);
  // Until the last comes, a screen's height holds the footer below what is drawn; then it goes.
  await expect(page.getByTestId('landing-below')).toHaveCount(0);

  // Back to where the visitor had scrolled: the whole page at once, for the place is down there.
  const card = page.getByRole('link', { name: 'View details' }).nth(1);
  await card.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => window.scrollY > 0);
  await card.click();
  await expect(page).toHaveURL(/\/service\/[^/]+\/details$/);
  await page.goBack();
  await expect(card).toBeInViewport();
  const atOnce = { together: true, eachAfterAFrame: [] };
  expect(await landingArrivals(page)).toEqual([frameByFrame, atOnce]);

  // An address naming a section, opened anew: all at once too.
  await page.goto('about:blank');
  await page.goto('/#about');
  await passSplash(page);
  await expect(page.locator('#about')).toBeInViewport();
  expect(await landingArrivals(page)).toEqual([atOnce]);
});

/**
 * Runs in the page from its start: holds every IntersectionObserver report until the page calls
 * `releaseReports()`, so that the landing page stays at its first frame (the hero alone) for as long as a test needs.
 */
function holdIntersectionReports() {
  const held: Array<() => void> = [];
  let holding = true;
  const Native = window.IntersectionObserver;
  window.IntersectionObserver = class extends Native {
    constructor(report: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      super(
        (entries, observer) => (holding ? held.push(() => report(entries, observer)) : report(entries, observer)),
        options,
      );
    }
  };
  (window as unknown as { releaseReports: () => void }).releaseReports = () => {
    holding = false;
    for (const report of held.splice(0)) report();
  };
}

test('a section link followed before the blocks below the hero are drawn scrolls there once they are', async ({
  page,
}) => {
  await page.addInitScript(holdIntersectionReports);
  await page.goto('/');
  await expect(page.getByTestId('splash')).toBeHidden({ timeout: 10_000 });
  await expect(page.getByTestId('landing-below')).toBeAttached();
  await expect(page.locator('#services')).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' }).click();
  await page.evaluate(() => (window as unknown as { releaseReports: () => void }).releaseReports());
  await expect(page.getByRole('contentinfo')).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Our Services' })).toBeInViewport();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
});

test('the hero video loops muted over its still frame, and only the still frame shows for reduced motion', async ({
  page,
}) => {
  await open(page, '/');
  const still = page.getByTestId('hero-poster');
  await expect(still).toHaveAttribute('src', '/media/hero-poster.webp');
  await expect(still).toBeVisible();
  // Put over the still frame once the page is idle, and playing.
  const video = page.getByTestId('hero-video');
  await expect(video).toHaveAttribute('poster', '/media/hero-poster.webp');
  expect(await video.evaluate((v: HTMLVideoElement) => [v.muted, v.loop])).toEqual([true, true]);
  await expect(video.locator('source')).toHaveCount(2);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
  const poster = await page.request.get('/media/hero-poster.webp');
  expect(poster.ok()).toBe(true);
  const webm = await page.request.get('/media/hero.webm');
  expect(webm.headers()['content-type']).toContain('video/webm');

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await open(page, '/');
  await expect(still).toBeVisible();
  // Past the longest wait for an idle moment (1.5 s after the load): still no video.
  await page.clock.runFor(2000);
  await expect(video).toHaveCount(0);
  await expect(still).toBeVisible();
});

test('an address naming a section opens there at once; a section link from another screen scrolls there', async ({
  page,
}) => {
  // On a stopped clock: the page's frames run only when the test moves it, so "at once" is not a race.
  const heading = page.getByRole('heading', { name: 'Our Services' });
  await openStopped(page, '/#services', heading);
  for (let frame = 0; frame < 3; frame += 1) await page.clock.runFor(16);
  const stop = await sectionStop(page, 'services');
  expect(stop).toBeGreaterThan(300);
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - stop)).toBeLessThanOrEqual(1);
  await page.clock.runFor(1200);
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - stop)).toBeLessThanOrEqual(1);

  // From another screen, the top bar's section link comes back to the landing page and scrolls, over about 1 s.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Privacy Policy' }).click();
  await nudgeUntilVisible(page, page.getByRole('heading', { level: 1, name: 'Privacy Policy' }));
  await page.clock.runFor(1600);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' }).click();
  await expect(heading).toBeAttached();
  await page.clock.runFor(250);
  const early = await page.evaluate(() => window.scrollY);
  expect(early).toBeLessThan(0.5 * stop);
  await page.clock.runFor(1000);
  expect(
    Math.abs((await page.evaluate(() => window.scrollY)) - (await sectionStop(page, 'services'))),
  ).toBeLessThanOrEqual(1);
});

test('the top bar turns solid black once scrolled 80 px', async ({ page }) => {
  await open(page, '/');
  const bar = page.getByRole('banner');
  await expect(bar).toHaveAttribute('data-solid', 'false');
  await page.evaluate(() => window.scrollTo(0, 79));
  await expect(bar).toHaveAttribute('data-solid', 'false');
  await page.evaluate(() => window.scrollTo(0, 80));
  await expect(bar).toHaveAttribute('data-solid', 'true');
  await expect(bar).toHaveCSS('background-color', 'rgb(0, 0, 0)');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(bar).toHaveAttribute('data-solid', 'false');
});

test('every price the site shows has two decimals', async ({ page }) => {
  test.setTimeout(60_000);
  const pricesOn = async () =>
    (await page.locator('body').innerText()).match(/£\s?\d[\d,]*(?:\.\d+)?/g) ?? ([] as string[]);
  await open(page, '/');
  const about = page.getByRole('list', { name: 'At a glance' });
  await expect(about).toContainText(formatPrice(servicesByPrice[0]!.price));
  await expect(about).toContainText('£49.00');
  const service = servicesByPrice[0]!;
  for (const path of ['/', '/youth-project', '/terms', '/privacy-policy', `/service/${service.id}/details`]) {
    if (path !== '/') await open(page, path);
    // The screen is on the page (a service page spins for 3 s first).
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 6000 });
    if (path === '/youth-project') await expect(page.getByRole('table')).toBeVisible();
    const prices = await pricesOn();
    if (path === '/' || path === '/youth-project' || path.startsWith('/service/'))
      expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) expect(price, `a price on ${path}`).toMatch(/^£\d{1,3}(,\d{3})*\.\d{2}$/);
  }
});

test('Get started and section links: /signin when signed out; Services scrolls to the services', async ({ page }) => {
  await open(page, '/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' }).click();
  await expect(page.getByRole('heading', { name: 'Our Services' })).toBeInViewport();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('link', { name: 'Get started' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  // From another page a section link comes back without reloading (no second splash) and scrolls.
  await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Services' }).click();
  await expect(page).toHaveURL(/\/#services$/);
  await expect(page.getByTestId('splash')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Our Services' })).toBeInViewport();
});

/** Where the page stops for a section: the section's top right under the top bar. */
const sectionStop = (page: Page, id: string) =>
  page.evaluate((section) => {
    const target = document.getElementById(section)!;
    const margin = document.querySelector('header.topbar')!.getBoundingClientRect().height;
    const max = document.documentElement.scrollHeight - window.innerHeight;
    return Math.min(Math.round(target.getBoundingClientRect().top + window.scrollY - margin), max);
  }, id);

test('a section link scrolls there over about 1000 ms, moving all the while', async ({ page }) => {
  // On Playwright's clock, stopped, and moved on one frame (16 ms) at a time: the animation's frames are then
  // the page's, not what a busy machine manages to paint, and each position is read at a known time.
  await open(page, '/');
  await stopTheClock(page);
  const stop = await sectionStop(page, 'services');
  const from = await page.evaluate(() => window.scrollY);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' }).click();
  const seen: [number, number][] = [];
  for (let ms = 16; ms <= 1200; ms += 16) {
    await page.clock.runFor(16);
    seen.push([ms, await page.evaluate(() => window.scrollY)]);
  }
  const at = (ms: number) => seen.filter(([t]) => t <= ms).at(-1)![1];
  const distance = stop - from;
  expect(distance).toBeGreaterThan(300);
  // Eased (cubic): moving after a quarter, about half-way at half the time, not there yet at 85 percent...
  expect(at(250)).toBeGreaterThan(from);
  expect(at(250)).toBeLessThan(from + 0.15 * distance);
  expect(at(512)).toBeGreaterThan(from + 0.35 * distance);
  expect(at(512)).toBeLessThan(from + 0.65 * distance);
  expect(stop - at(850)).toBeGreaterThan(1);
  // ...there (to the pixel: the easing's last 5 percent of the time covers less than one) after about a second,
  // never backwards, and it stays.
  const arrived = seen.find(([, y]) => Math.abs(y - stop) <= 1)![0];
  expect(arrived).toBeGreaterThanOrEqual(900);
  expect(arrived).toBeLessThanOrEqual(1040);
  for (let i = 1; i < seen.length; i += 1) expect(seen[i]![1]).toBeGreaterThanOrEqual(seen[i - 1]![1]);
  for (const [t, y] of seen) if (t >= arrived) expect(Math.abs(y - stop)).toBeLessThanOrEqual(1);
  await expect(page.getByRole('heading', { name: 'Our Services' })).toBeInViewport();
});

test("the reader's own scrolling stops a section link's: the scrollbar (or a script), or a key", async ({ page }) => {
  await open(page, '/');
  await stopTheClock(page);
  const services = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' });
  const scrollY = () => page.evaluate(() => window.scrollY);
  // Moved elsewhere a third of the way: the page stays where it was put.
  await services.click();
  await page.clock.runFor(300);
  expect(await scrollY()).toBeGreaterThan(0);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await page.clock.runFor(1200);
  expect(await scrollY()).toBe(0);
  // A key pressed on the way: the page stays where the key found it.
  await services.click();
  await page.clock.runFor(300);
  await page.keyboard.press('Shift');
  const stopped = await scrollY();
  expect(stopped).toBeGreaterThan(0);
  await page.clock.runFor(1200);
  expect(await scrollY()).toBe(stopped);
  expect(stopped).toBeLessThan(await sectionStop(page, 'services'));
});

test('for people who prefer reduced motion, a section link jumps there at once', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await open(page, '/');
  await stopTheClock(page);
  const stop = await sectionStop(page, 'discover');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Discover' }).click();
  // Before any frame of the page's clock has run, the page is where it goes.
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - stop)).toBeLessThanOrEqual(1);
  await page.clock.runFor(500);
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - stop)).toBeLessThanOrEqual(1);
});

test('the scroll-spy marks the section the reader is in, in the top bar', async ({ page }) => {
  await open(page, '/');
  const bar = page.getByRole('navigation', { name: 'Main' });
  const marked = bar.locator('a[aria-current="true"]');
  // In the hero, no section is marked.
  await expect(marked).toHaveCount(0);
  for (const [id, name] of [
    ['about', 'About'],
    ['discover', 'Discover'],
    ['services', 'Services'],
  ] as const) {
    const y = await sectionStop(page, id);
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    await expect(marked).toHaveCount(1);
    await expect(marked).toHaveText(name);
    await expect(marked).toHaveClass(/is-current/);
    // Visibly: underlined and bold, unlike the other section links.
    const style = await marked.evaluate((a) => getComputedStyle(a));
    expect(style.textDecorationLine).toContain('underline');
    expect(Number(style.fontWeight)).toBeGreaterThanOrEqual(700);
  }
  // Past the last linked section (How We Can Help), and back in the hero: nothing marked.
  await page.getByRole('heading', { name: 'How We Can Help' }).scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
  await expect(marked).toHaveCount(0);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await expect(marked).toHaveCount(0);
  // Only on the landing page.
  await bar.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await page.evaluate(() => window.scrollTo({ top: 400, behavior: 'instant' }));
  await expect(page.locator('a[aria-current="true"]')).toHaveCount(0);
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a section stops right under the top bar, with none of the block above showing', async ({ page }) => {
    const gap = () =>
      page.evaluate(
        () =>
          document.getElementById('services')!.getBoundingClientRect().top -
          document.querySelector('header.topbar')!.getBoundingClientRect().bottom,
      );
    await open(page, '/#services');
    await expect.poll(async () => Math.abs(await gap())).toBeLessThanOrEqual(1);
    // Signed in, the bar is lower (the avatar in place of the Sign In button): still right under it.
    await useToken(page, (await existingAccount(page)).token);
    await page.goto('about:blank');
    await open(page, '/#services');
    await expect.poll(async () => Math.abs(await gap())).toBeLessThanOrEqual(1);
  });

  test('where the browser scrolls by itself, it stops under the bar too: a fragment typed, a contents link', async ({
    page,
  }) => {
    const below = (selector: string) =>
      page.evaluate(
        (target) =>
          document.querySelector(target)!.getBoundingClientRect().top -
          document.querySelector('header.topbar')!.getBoundingClientRect().bottom,
        selector,
      );
    // A section's address typed while on the landing page: the same document, scrolled by the browser.
    await open(page, '/');
    await page.evaluate(() => (window.location.hash = 'services'));
    await expect.poll(async () => Math.abs(await below('#services'))).toBeLessThanOrEqual(1);
    // A legal page's contents link: the section a little below the bar (its own 16 px of air), not under it.
    await open(page, '/privacy-policy');
    const link = page.getByRole('navigation', { name: 'Contents' }).getByRole('link').nth(2);
    const id = (await link.getAttribute('href'))!;
    await link.click();
    await expect.poll(async () => Math.round(await below(id))).toBe(16);
  });

  test('the links move into a slide-in side menu', async ({ page }) => {
    await open(page, '/');
    const main = page.getByRole('navigation', { name: 'Main' });
    await expect(main).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    for (const name of ['About', 'Discover', 'Services', 'Privacy Policy', 'Terms of Service', 'Youth Project']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Youth Project' }).click();
    await expect(page).toHaveURL(/\/youth-project$/);
    await expect(menu).toBeHidden();
  });

  test('focus stays where the reader moved it in the side menu while the page behind it scrolls', async ({ page }) => {
    await open(page, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await page.keyboard.press('Tab');
    const about = menu.getByRole('link', { name: 'About', exact: true });
    await expect(about).toBeFocused();
    // The bar behind the menu turns solid and marks another section: the menu must not take the focus back.
    await page.evaluate(() => window.scrollTo({ top: 900, behavior: 'instant' }));
    await expect(page.locator('header.topbar')).toHaveAttribute('data-solid', 'true');
    await expect(about).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  test('the side menu marks the section the reader is in', async ({ page }) => {
    await open(page, '/');
    const y = await sectionStop(page, 'discover');
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    const marked = menu.locator('a[aria-current="true"]');
    await expect(marked).toHaveCount(1);
    await expect(marked).toHaveText('Discover');
    const style = await marked.evaluate((a) => getComputedStyle(a));
    expect(style.borderLeftStyle).toBe('solid');
    expect(Number(style.fontWeight)).toBeGreaterThanOrEqual(700);
    // Following a link scrolls there and marks it.
    await menu.getByRole('link', { name: 'About' }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { name: /About/, level: 2 })).toBeInViewport();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(marked).toHaveText('About');
  });
});

test('a service page spins for 3 s, then shows the service; Let’s go! asks a visitor to sign in', async ({ page }) => {
  const service = servicesByPrice[0]!;
  await open(page, `/service/${service.id}/details`);
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: service.title })).toBeVisible({ timeout: 6000 });
  await expect(page.getByText(formatPrice(service.price), { exact: true })).toBeVisible();
  for (const feature of service.features) await expect(page.getByText(feature, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What we provide here?' })).toBeVisible();
  for (const way of ['Video meeting', 'Audio call', 'PDF by e-mail']) {
    await expect(page.getByRole('heading', { name: way })).toBeVisible();
  }
  const provide = page.getByRole('region', { name: 'What we provide here?' });
  await expect(provide.getByText(/within one day after payment/)).toHaveCount(3);
  await page.getByRole('button', { name: "Let's go!" }).click();
  await expect(page).toHaveURL(/\/signin$/);

  await open(page, '/service/nosuchservic/details');
  await expect(page).toHaveURL(/\/not-found$/);
});

test('the contact form shows the spec messages, clears a field error when typed in, and confirms', async ({ page }) => {
  await open(page, '/contact-us');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Message is required')).toBeVisible();
  await page.getByLabel('Email').fill('not-an-address');
  await expect(page.getByText('Email is required')).toBeHidden();
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Email is invalid')).toBeVisible();
  await page.getByLabel('Name').fill('  Ada  ');
  await page.getByLabel('Email').fill(' ada@example.com ');
  await page.getByLabel('Message').fill('Could you review our website?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  const alert = page.getByRole('status').filter({ hasText: 'Thank you, Ada!' });
  await expect(alert).toHaveText(/Your message has been sent; we reply within a few hours\./);
  for (const label of ['Name', 'Email', 'Message']) await expect(page.getByLabel(label)).toHaveValue('');
  // It really reached the office, trimmed, with Ada as the one a reply goes to.
  await expect
    .poll(() => mailsTo(company.supportEmail).find((mail) => mail.includes('Subject: Contact form: Ada')))
    .toMatch(/Reply-To: ada@example\.com/);
});

test('the youth application enables submit only when valid, then resets with a success toast', async ({ page }) => {
  await open(page, '/youth-project');
  for (const line of ['£1,000', '£2,200', '£1,500', '£900', '£2,000', '£700']) {
    await expect(
      page
        .getByRole('table')
        .getByText(new RegExp(line.replace('£', '£')))
        .first(),
    ).toBeVisible();
  }
  await expect(page.getByText(/6-month/).first()).toBeVisible();
  const apply = page.getByRole('region', { name: 'Apply now' });
  await expect(apply.getByText(/goes to the programme's team/)).toBeVisible();
  await expect(apply.getByRole('link', { name: company.youthProjectEmail })).toHaveAttribute(
    'href',
    `mailto:${company.youthProjectEmail}`,
  );
  const submit = page.getByRole('button', { name: 'Send application' });
  await expect(submit).toBeDisabled();
  await expect(page.getByLabel('Age')).toHaveValue('18');

  const name = page.getByLabel('Full name');
  await name.fill('Sa');
  await expect(page.getByText('Full name must be 3 to 32 characters.')).toBeVisible();
  await name.fill('x'.repeat(40));
  await expect(name).toHaveValue('x'.repeat(32));
  await name.fill('Sam Taylor');
  await page.getByLabel('Email address').fill('sam@example');
  await expect(page.getByText(/valid e-mail address/)).toBeVisible();
  await page.getByLabel('Email address').fill('sam@example.com');
  await page.getByLabel('Phone number').fill('12345');
  await expect(page.getByText(/UK phone number/)).toBeVisible();
  await page.getByLabel('Phone number').fill('07123 456789');
  await page.getByLabel('Age').fill('31');
  await expect(page.getByText('Applicants must be 18 to 30 years old.')).toBeVisible();
  await page.getByLabel('Age').fill('24');
  await page.getByLabel('Why do you want to join?').fill('short');
  await expect(submit).toBeDisabled();
  await page.getByLabel('Why do you want to join?').fill('I want to build websites for local charities.');
  await expect(submit).toBeEnabled();

  await submit.click();
  await expect(page.getByRole('progressbar', { name: 'Sending your application' })).toBeVisible();
  const toast = page.getByTestId('toast');
  await expect(toast).toHaveText(/Your application has been sent successfully/);
  await expect(toast).toHaveAttribute('data-variant', 'success');
  await expect(name).toHaveValue('');
  await expect(page.getByLabel('Age')).toHaveValue('18');
  // It really reached the office, with Sam as the one a reply goes to.
  await expect
    .poll(() =>
      mailsTo(company.supportEmail).find((mail) => mail.includes('Subject: Youth programme application: Sam Taylor')),
    )
    .toMatch(/Reply-To: sam@example\.com/);
});

test('a toast dragged sideways is dismissed only past 80 percent of its width', async ({ page }) => {
  // Playwright's clock: the splash's 3 s and the sending's 1.5 s pass when the test says so.
  await page.clock.install();
  await page.goto('/youth-project');
  await page.clock.runFor(3000);
  await expect(page.getByTestId('splash')).toBeHidden();
  await page.getByLabel('Full name').fill('Sam Taylor');
  await page.getByLabel('Email address').fill('sam@example.com');
  await page.getByLabel('Phone number').fill('07123 456789');
  await page.getByLabel('Why do you want to join?').fill('I want to build websites for charities.');
  await page.getByRole('button', { name: 'Send application' }).click();
  await page.clock.runFor(1500);
  const toast = page.getByTestId('toast');
  await expect(toast).toHaveText(/Your application has been sent successfully/);
  // From here the page's clock stands still, so however slowly the drags go, the toast's 5 s cannot run out.
  await stopTheClock(page);
  const box = (await toast.boundingBox())!;
  // Drags from the toast's leading edge towards its corner (right), by a share of its width.
  const drag = async (share: number) => {
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 5, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 5 + box.width * share, y, { steps: 15 });
    await page.mouse.up();
  };
  for (const share of [0.3, 0.7, 0.78]) {
    await drag(share);
    // Not far enough: it springs back and stays.
    await page.waitForTimeout(300);
    await expect(toast).toHaveCount(1);
    await expect(toast).toBeInViewport({ ratio: 0.95 });
  }
  await drag(0.85);
  await expect(toast).toHaveCount(0);
});
