/**
 * What the server says about the site's pages before any script runs (docs/operating.md#pages-for-search-engines-and-link-previews):
 * each page's title, description and OpenGraph tags in the HTML, robots.txt and sitemap.xml. Link previews and
 * most crawlers never run the SPA, so these are all they see. The page list is domain/pages.ts.
 */
import { Hono } from 'hono';
import { company } from '#domain/company';
import { documentTitle, fixedPages, type PageMeta } from '#domain/fixedPages';
import { indexedPaths } from '#domain/pages';

/** Text made safe for HTML, in an element or in a quoted attribute alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The same for XML (the sitemap): the five entities every XML reader knows. */
function escapeXml(text: string): string {
  const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
  return text.replace(/[&<>"']/g, (char) => entities[char] ?? char);
}

export interface RenderedPage extends PageMeta {
  /** The page's absolute address, for og:url; absent for an address that is no page. */
  url?: string;
  /** Search engines are asked to leave the page out (a 404). */
  noindex?: boolean;
}

/**
 * index.html with the page's own tags: the build's <title> and description are replaced, the rest added, and
 * `preloads` (page-chunks.ts: the tags that fetch the page's code early) put after the build's own scripts.
 */
export function renderPage(indexHtml: string, page: RenderedPage, preloads: string[] = []): string {
  const title = documentTitle(page);
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', page.description),
    ...(page.noindex ? [meta('name', 'robots', 'noindex')] : []),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', company.name),
    meta('property', 'og:title', page.title ?? company.name),
    meta('property', 'og:description', page.description),
    ...(page.url === undefined ? [] : [meta('property', 'og:url', page.url)]),
    meta('name', 'twitter:card', 'summary'),
  ];
  const stripped = indexHtml
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  // A function, not a string: a "$" in a title must not be read as a replacement pattern.
  return stripped.replace(/<\/head>/i, () => `${[...tags, ...preloads].join('\n    ')}\n  </head>`);
}

/**
 * Crawlers may read the public pages; the API, the office and the account and sign-in pages (every page of
 * domain/pages.ts not marked indexed) show them nothing.
 */
function robotsTxt(publicUrl: string): string {
  const closedPages = Object.entries(fixedPages).filter(([, page]) => !page.indexed);
  const closed = ['/api/', ...closedPages.map(([path]) => path), '/service/*/request', '/booking/', '/not-found'];
  const lines = ['User-agent: *', 'Allow: /', ...closed.map((path) => `Disallow: ${path}`), ''];
  return `${[...lines, `Sitemap: ${publicUrl}/sitemap.xml`].join('\n')}\n`;
}

function sitemapXml(publicUrl: string): string {
  const urls = indexedPaths().map((path) => `  <url><loc>${escapeXml(`${publicUrl}${path}`)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** Both change only with a deploy: an hour's cache, as for the other plain files. */
const CACHE = 'public, max-age=3600';

export function crawlerFileRoutes(publicUrl: string) {
  const routes = new Hono();
  routes.get('/robots.txt', (c) => {
    c.header('Cache-Control', CACHE);
    return c.text(robotsTxt(publicUrl));
  });
  routes.get('/sitemap.xml', (c) => {
    c.header('Cache-Control', CACHE);
    return c.body(sitemapXml(publicUrl), 200, { 'Content-Type': 'application/xml; charset=UTF-8' });
  });
  return routes;
}
