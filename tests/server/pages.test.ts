/**
 * Pages as link previews and crawlers see them (docs/operating.md#pages-for-search-engines-and-link-previews):
 * every page route answers index.html with its own tags whatever the request accepts, other addresses a 404
 * page, and robots.txt and sitemap.xml say what to read.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { services } from '#domain/catalogue/services';
import { company } from '#domain/company';
import { documentTitle, fixedPages, notFoundPage } from '#domain/fixedPages';
import { bookingLinkPage } from '#domain/pages';
import { escapeHtml, renderPage } from '#server/site/pages';
import { cleanup, createTestServer, errorText } from './helpers';

afterAll(cleanup);

const PUBLIC_URL = 'https://northgate.example';
const { app } = await createTestServer({ PUBLIC_URL });
const ANY = { Accept: '*/*' };

/** The content of the one <meta> tag with this name or property, unescaped back. */
function metaContent(html: string, key: string): string | undefined {
  const matches = [...html.matchAll(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`, 'g'))];
  expect(matches.length, key).toBeLessThanOrEqual(1);
  return matches[0]?.[1]?.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

function titleOf(html: string): string | undefined {
  const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)];
  expect(titles.length).toBe(1);
  return titles[0]?.[1]?.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

const servicePages = services.flatMap((service) => [
  [`/service/${service.id}/details`, service.title, service.description],
  [`/service/${service.id}/request`, `Order: ${service.title}`, undefined],
]);
const pages: [string, string | null, string | undefined][] = [
  ...Object.entries(fixedPages).map(([path, page]): [string, string | null, string] => [
    path,
    page.title,
    page.description,
  ]),
  ...(servicePages as [string, string, string | undefined][]),
  // A booking mail's link: any token shows the page, which tells a valid one from another (server/booking/).
  ['/booking/a-token-from-a-mail', bookingLinkPage.title, bookingLinkPage.description],
];

describe('page routes', () => {
  it('cover every route of the SPA', () => {
    expect(Object.keys(fixedPages).sort()).toEqual(
      [
        '/',
        '/change-password',
        '/contact-us',
        '/forgot-password',
        '/invoices',
        '/office',
        '/privacy-policy',
        '/profile',
        '/signin',
        '/signup',
        '/terms',
        '/youth-project',
      ].sort(),
    );
    expect(services).toHaveLength(6);
  });

  it.each(pages)('%s answers its HTML with its tags to Accept: */*', async (path, title, description) => {
    const res = await app.request(path, { headers: ANY });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
    const html = await res.text();
    expect(titleOf(html)).toBe(title ? `${title} · ${company.name}` : company.name);
    expect(metaContent(html, 'og:title')).toBe(title ?? company.name);
    const shown = metaContent(html, 'description');
    expect(shown).toBeTruthy();
    if (description) expect(shown).toBe(description);
    expect(metaContent(html, 'og:description')).toBe(shown);
    // A booking link's address holds its secret: its page does not repeat it.
    const bookingLink = path.startsWith('/booking/');
    expect(metaContent(html, 'og:url')).toBe(bookingLink ? undefined : `${PUBLIC_URL}${path}`);
    if (bookingLink) expect(html).not.toContain(path);
    expect(metaContent(html, 'og:type')).toBe('website');
    expect(metaContent(html, 'og:site_name')).toBe(company.name);
    expect(metaContent(html, 'twitter:card')).toBe('summary');
    expect(metaContent(html, 'robots')).toBeUndefined();
    expect(html).toContain('<body></body>');
  });

  it('name the service on its pages, from the catalogue', async () => {
    const service = services[2]!;
    const html = await (await app.request(`/service/${service.id}/details`, { headers: ANY })).text();
    expect(metaContent(html, 'og:title')).toBe(service.title);
    expect(metaContent(html, 'og:description')).toBe(service.description);
    const request = await (await app.request(`/service/${service.id}/request`)).text();
    expect(metaContent(request, 'description')).toMatch(new RegExp(`^Order .+ for £[\\d,]+\\.\\d\\d\\.$`));
  });

  it('are answered without any Accept header and on HEAD', async () => {
    expect((await app.request('/terms')).status).toBe(200);
    expect((await app.request('/terms', { method: 'HEAD' })).status).toBe(200);
  });

  it("are the client's own: every page sets its tab from the same list, never from a text of its own", () => {
    const views = join(import.meta.dirname, '../../src/pages');
    const calls = readdirSync(views, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.tsx'))
      .flatMap((file) => readFileSync(join(views, file), 'utf8').match(/usePageMeta\([^;]*\);/g) ?? []);
    expect(calls.length).toBeGreaterThanOrEqual(Object.keys(fixedPages).length);
    for (const call of calls) {
      expect(call).toMatch(
        /^usePageMeta\((fixedPages\['[^']+'\]|notFoundPage|bookingLinkPage|serviceRequestPage\(service\)|service \? serviceDetailsPage\(service\) : notFoundPage)\);$/,
      );
    }
  });
});

describe('unknown addresses', () => {
  it.each(['/xyz', '/signin/extra', '/service/abcdefghijkl/details', '/service/webdevconsul', '/not-found'])(
    '%s answers the SPA with 404 and noindex',
    async (path) => {
      const res = await app.request(path, { headers: ANY });
      expect(res.status).toBe(404);
      expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
      const html = await res.text();
      expect(titleOf(html)).toBe(documentTitle(notFoundPage));
      expect(metaContent(html, 'robots')).toBe('noindex');
      expect(metaContent(html, 'og:url')).toBeUndefined();
    },
  );

  it('under /api stay the JSON 404', async () => {
    for (const headers of [ANY, { Accept: 'text/html' }]) {
      const res = await app.request('/api/unknown', { headers });
      expect(res.status).toBe(404);
      expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
      expect(await errorText(res)).toBe('Not found.');
    }
  });

  it('that name a file stay a plain 404', async () => {
    const res = await app.request('/images/missing.png', { headers: ANY });
    expect(res.status).toBe(404);
    expect(await errorText(res)).toBe('Not found.');
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt opens the public pages, sign-in and register, and closes the API, the office and the account pages', async () => {
    const res = await app.request('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/plain/);
    const lines = (await res.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of [
      '/api/',
      '/office',
      '/profile',
      '/invoices',
      '/forgot-password',
      '/service/*/request',
      '/booking/',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    for (const path of [
      '/terms',
      '/privacy-policy',
      '/contact-us',
      '/youth-project',
      '/signin',
      '/signup',
      '/service/',
    ]) {
      expect(lines.filter((line) => line.startsWith('Disallow:') && path.startsWith(line.slice(10)))).toEqual([]);
    }
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    // Records only, the group closed by a blank line before the Sitemap record; the file ends with a newline.
    expect(lines.slice(0, -1).filter((line) => !/^(User-agent|Allow|Disallow|Sitemap): \S+$/.test(line))).toEqual(['']);
    expect(lines.at(-2)).toMatch(/^Sitemap: /);
    expect(lines.at(-3)).toBe('');
    expect(lines.at(-1)).toBe('');
  });

  it('sitemap.xml lists the public pages at their absolute addresses', async () => {
    const res = await app.request('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/xml/);
    const text = await res.text();
    const locs = [...text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    // The sitemap protocol's frame around them, one element a line, nothing after the root element.
    expect(text).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...locs.map((loc) => `  <url><loc>${loc}</loc></url>`),
        '</urlset>',
        '',
      ].join('\n'),
    );
    expect(locs).toEqual([
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/privacy-policy`,
      `${PUBLIC_URL}/terms`,
      `${PUBLIC_URL}/contact-us`,
      `${PUBLIC_URL}/youth-project`,
      `${PUBLIC_URL}/signin`,
      `${PUBLIC_URL}/signup`,
      ...services.map((service) => `${PUBLIC_URL}/service/${service.id}/details`),
    ]);
  });
});

describe('escaping', () => {
  it(`a PUBLIC_URL with <&"' stays text in the page, robots.txt and the sitemap`, async () => {
    const odd = `https://odd.example/a&b"<c>'d`;
    const { app: oddApp } = await createTestServer({ PUBLIC_URL: odd });
    const html = await (await oddApp.request('/terms', { headers: ANY })).text();
    expect(html).toContain(`content="https://odd.example/a&#38;b&#34;&#60;c&#62;&#39;d/terms"`);
    expect(metaContent(html, 'og:url')).toBe(`${odd}/terms`);
    const sitemap = await (await oddApp.request('/sitemap.xml')).text();
    expect(sitemap).toContain('<loc>https://odd.example/a&amp;b&quot;&lt;c&gt;&apos;d/terms</loc>');
    expect(sitemap).not.toContain(odd);
  });

  it('a title or description with <&"\'$ is escaped, the rest of index.html kept', () => {
    const indexHtml = readFileSync(join(import.meta.dirname, '../../index.html'), 'utf8');
    const html = renderPage(indexHtml, { title: `<b>"A&B" $&'`, description: '</title><script>', indexed: true });
    expect(html).toContain(`<title>${escapeHtml(`<b>"A&B" $&'`)} · ${company.name}</title>`);
    expect(html).toContain('&#60;b&#62;&#34;A&#38;B&#34; $&#38;&#39;');
    expect(html).not.toContain('<script>');
    expect(titleOf(html)).toBe(`<b>"A&B" $&' · ${company.name}`);
    expect(metaContent(html, 'description')).toBe('</title><script>');
    // The build's own title and description are replaced, not repeated; the rest is untouched.
    expect(html).not.toContain('<title>Northgate IT Consulting</title>');
    expect(html).not.toContain('Fixed-price IT consulting');
    expect(html).toContain('<script type="module" src="/src/main.tsx"></script>');
    expect(html).toContain('<link rel="icon" href="/favicon.png" type="image/png" sizes="32x32" />');
  });

  it("replaces the build's title and description in a minified index.html and adds only the page's tags", () => {
    const minified =
      '<html><head><meta charset="utf-8"><title>Build</title>\n  <meta name="description" content="Build text">' +
      '<link rel="icon" href="/i.png"></head><body></body></html>';
    const page = { title: 'Terms', description: 'The terms.', indexed: true };
    const tags = [
      `<title>${escapeHtml(documentTitle(page))}</title>`,
      '<meta name="description" content="The terms." />',
      '<meta property="og:type" content="website" />',
      `<meta property="og:site_name" content="${escapeHtml(company.name)}" />`,
      '<meta property="og:title" content="Terms" />',
      '<meta property="og:description" content="The terms." />',
      '<meta name="twitter:card" content="summary" />',
    ];
    expect(renderPage(minified, page)).toBe(
      `<html><head><meta charset="utf-8"><link rel="icon" href="/i.png">${tags.join('\n    ')}\n  </head><body></body></html>`,
    );
  });
});
