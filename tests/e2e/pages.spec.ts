/**
 * Pages as a link preview sees them, against the built site (docs/operating.md#pages-for-search-engines-and-link-previews):
 * the server's tags before any script runs, the same title once the app runs, a real 404, robots.txt and
 * the sitemap.
 */
import { expect, type Page, test } from '@playwright/test';
import { services } from '#domain/catalogue/services';
import { company } from '#domain/company';
import { documentTitle, notFoundPage } from '#domain/fixedPages';
import { open } from './support';

const service = services[0]!;
const pages = [
  { path: '/', title: company.name },
  { path: '/terms', title: `Terms of Service · ${company.name}` },
  { path: '/youth-project', title: `Youth Project · ${company.name}` },
  { path: `/service/${service.id}/details`, title: `${service.title} · ${company.name}` },
];

test("the server's title and tags match what the app shows once it runs", async ({ page }) => {
  for (const { path, title } of pages) {
    const res = await page.request.get(path, { headers: { Accept: '*/*' } });
    expect(res.status(), path).toBe(200);
    const html = await res.text();
    expect(html, path).toContain(`<title>${title}</title>`);
    expect(html, path).toMatch(/<meta property="og:title" content="[^"]+" \/>/);
    await open(page, path);
    await expect(page).toHaveTitle(title);
    await expect(page.locator('meta[name="description"]')).toHaveCount(1);
  }
  const details = await (await page.request.get(`/service/${service.id}/details`)).text();
  expect(details).toContain(`<meta property="og:title" content="${service.title}" />`);
});

test('an unknown address answers 404, and the app shows its 404 page', async ({ page }) => {
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Oops!' })).toBeVisible();
  await expect(page).toHaveTitle(documentTitle(notFoundPage));
  const api = await page.request.get('/api/no-such-call', { headers: { Accept: '*/*' } });
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ message: { en: 'Not found.' } });
});

test('robots.txt points at the sitemap, which lists the public pages', async ({ page }) => {
  const robots = await (await page.request.get('/robots.txt')).text();
  const sitemapUrl = robots.match(/^Sitemap: (\S+)$/m)?.[1];
  expect(sitemapUrl).toMatch(/\/sitemap\.xml$/);
  expect(robots).toContain('Disallow: /office');
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  expect(paths).toContain('/terms');
  expect(paths).toContain(`/service/${service.id}/details`);
  expect(paths).not.toContain('/office');
});

test("a page's HTML names its own code, which it then fetches once, and nothing it does not need", async ({ page }) => {
  const screens = [
    { path: '/signin', chunk: 'Login', heading: 'Login' },
    { path: '/contact-us', chunk: 'Contact', heading: 'Contact us' },
    { path: `/service/${service.id}/details`, chunk: 'ServiceDetails', heading: service.title },
    { path: '/no-such-page', chunk: 'NotFound', heading: 'Oops!' },
  ];
  const tagged = /<link rel="(?:modulepreload|stylesheet)" crossorigin href="([^"]+)" \/>/g;
  for (const { path, chunk, heading } of screens) {
    const html = await (await page.request.get(path)).text();
    const named = [...html.matchAll(tagged)].map(([, file]) => file!);
    expect(
      named.some((file) => file.startsWith(`/assets/${chunk}-`)),
      path,
    ).toBe(true);
    // The files the page fetches without the tags: every named one must be among them.
    const fetchedWithout = await assetsFetched(page, path, heading, (text) => text.replace(tagged, ''));
    for (const file of named) expect(fetchedWithout, `${path}: ${file}`).toContain(file);
    // With the tags, no file is fetched twice (the app's loader finds the tag and does not ask again).
    const fetchedWith = await assetsFetched(page, path, heading, (text) => text);
    expect(fetchedWith.length, path).toBe(new Set(fetchedWith).size);
  }
});

/** The /assets/ files a fresh page fetches until it shows its heading, its HTML passed through `edit`. */
async function assetsFetched(page: Page, path: string, heading: string, edit: (html: string) => string) {
  const context = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL });
  const fresh = await context.newPage();
  await fresh.route(
    (url) => url.pathname === new URL(path, 'http://x').pathname,
    async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: edit(await response.text()) });
    },
  );
  const fetched: string[] = [];
  fresh.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/')) fetched.push(pathname);
  });
  await open(fresh, path);
  await expect(fresh.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await context.close();
  return fetched;
}
