/**
 * The built SPA: each page route of domain/pages.ts answers index.html with that page's tags, whatever the
 * request accepts (link previews often accept anything); files come from STATIC_DIR; any other address answers
 * index.html with status 404, where the SPA shows its 404 page (docs/operating.md#pages-for-search-engines-and-link-previews).
 * A file with a precompressed copy beside it (`.br`, `.gz`) is sent in the encoding the browser accepts.
 * Source maps are never served, even when a build left some in STATIC_DIR: they would publish the
 * original sources.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Env, Hono } from 'hono';
import { notFoundPage } from '#domain/fixedPages';
import { bookingLinkPage, findPage } from '#domain/pages';
import type { ServerLog } from '../log';
import { type Manifest, NOT_FOUND_MODULE, pageModuleFor, preloadTags } from './page-chunks';
import { crawlerFileRoutes, renderPage } from './pages';

/** Vite puts content-hashed files under /assets: a changed file gets a new name, so they never go stale. */
function cacheControlFor(file: string, requestPath: string): string {
  if (requestPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  // index.html names the current hashed assets: always revalidate it, or a deploy would not show up.
  if (basename(file) === 'index.html') return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * A path as typed and as decoded: serveStatic decodes the path before it looks for the file, so a refusal must
 * look at both spellings.
 */
function spellings(path: string): string[] {
  try {
    return [path, decodeURIComponent(path)];
  } catch {
    // Malformed escapes: serveStatic refuses such paths itself.
    return [path];
  }
}

/** A request for a source map, however its path is spelled. */
function isSourceMapRequest(path: string): boolean {
  return spellings(path).some((candidate) => candidate.toLowerCase().endsWith('.map'));
}

/** A path with a segment that starts with a dot (the build's .vite/ folder), however it is spelled. */
function isHiddenPath(path: string): boolean {
  return spellings(path).some((candidate) => /(^|[/\\])\./.test(candidate));
}

/** A file's address (its last segment has an extension, as /favicon.svg) or a built asset: never a page. */
function isFileRequest(path: string): boolean {
  return path.startsWith('/assets/') || /\.[^/]*$/.test(path);
}

/** publicUrl: the site's address (config PUBLIC_URL), for og:url, robots.txt and the sitemap. */
export function mountStatic<E extends Env>(app: Hono<E>, staticDir: string, log: ServerLog, publicUrl: string): void {
  app.route('/', crawlerFileRoutes(publicUrl));
  const root = resolve(staticDir);
  if (!existsSync(root)) {
    log.logger.warn({ staticDir: root }, `${root} does not exist: only the API is served (run "vite build").`);
    return;
  }
  // serveStatic reports the file it chose only through onFound; remember it per request.
  const servedFile = new WeakMap<Context, string>();
  const remember = (file: string, c: Context) => void servedFile.set(c, file);
  // The build writes a brotli and a gzip copy beside each text file (scripts/precompress.mjs): the one the
  // browser accepts goes out as it is, and the compress middleware leaves an encoded answer alone.
  const files = serveStatic({ root, onFound: remember, precompressed: true });
  const noNext = async () => {};
  // Read on each request, as serveStatic does: a deploy that replaces the build shows up at once.
  const indexHtml = () => readFile(join(root, 'index.html'), 'utf8').catch(() => undefined);
  // The build's manifest says which files hold a page's code (site/page-chunks.ts); without one, no preloads.
  const preloadsFor = async (module: string | undefined, html: string): Promise<string[]> => {
    if (!module) return [];
    const manifest = await readFile(join(root, '.vite', 'manifest.json'), 'utf8')
      .then((text) => JSON.parse(text) as Manifest)
      .catch(() => undefined);
    return manifest ? preloadTags(manifest, module, html) : [];
  };

  app.get('*', async (c, next) => {
    const path = c.req.path;
    // Before any file lookup, and never the SPA fallback either: a plain 404. The build's manifest
    // (.vite/manifest.json) is the server's to read, not the public's: it names the source files.
    if (isSourceMapRequest(path) || isHiddenPath(path)) return next();
    const page = findPage(path);
    if (page) {
      const html = await indexHtml();
      if (html === undefined) return next();
      const preloads = await preloadsFor(pageModuleFor(path), html);
      // A booking link's address holds its secret token: the page does not repeat it in its own HTML.
      const url = page === bookingLinkPage ? undefined : `${publicUrl}${path}`;
      return htmlAnswer(c, 200, renderPage(html, { ...page, url }, preloads));
    }
    const response = await files(c, noNext);
    if (response) {
      response.headers.set('Cache-Control', cacheControlFor(servedFile.get(c) ?? '', path));
      // One address, up to three encodings: a shared cache must not hand a browser the copy another one asked for.
      if (!/accept-encoding/i.test(response.headers.get('Vary') ?? ''))
        response.headers.append('Vary', 'Accept-Encoding');
      return response;
    }
    // Missing files and hashed assets stay a plain 404: answering a script request with HTML only hides the problem.
    if (isFileRequest(path)) return next();
    const html = await indexHtml();
    if (html === undefined) return next();
    const preloads = await preloadsFor(NOT_FOUND_MODULE, html);
    return htmlAnswer(c, 404, renderPage(html, { ...notFoundPage, noindex: true }, preloads));
  });
}

/** index.html names the current hashed assets: always revalidated, or a deploy would not show up. */
function htmlAnswer(c: Context, status: 200 | 404, html: string): Response {
  c.header('Cache-Control', 'no-cache');
  return c.html(html, status);
}
