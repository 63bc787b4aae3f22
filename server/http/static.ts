/**
 * The built SPA: files from STATIC_DIR, and index.html for any other page request so that client-side
 * routes (/signin, /service/..., even a mistyped /xyz that the SPA renders as its 404 page) load the app.
 * Source maps are never served, even when a build left some in STATIC_DIR: they would publish the
 * original sources.
 */
import { existsSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Env, Hono } from 'hono';
import type { ServerLog } from '../log';

/** Vite puts content-hashed files under /assets: a changed file gets a new name, so they never go stale. */
function cacheControlFor(file: string, requestPath: string): string {
  if (requestPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  // index.html names the current hashed assets: always revalidate it, or a deploy would not show up.
  if (basename(file) === 'index.html') return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * A request for a source map, however its path is spelled: serveStatic decodes the path before it looks
 * for the file, so the decoded form is checked as well as the raw one.
 */
function isSourceMapRequest(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Malformed escapes: serveStatic refuses such paths itself.
  }
  return [path, decoded].some((candidate) => candidate.toLowerCase().endsWith('.map'));
}

function acceptsHtml(c: Context): boolean {
  return (c.req.header('accept') ?? '').toLowerCase().includes('text/html');
}

export function mountStatic<E extends Env>(app: Hono<E>, staticDir: string, log: ServerLog): void {
  const root = resolve(staticDir);
  if (!existsSync(root)) {
    log.logger.warn({ staticDir: root }, `${root} does not exist: only the API is served (run "vite build").`);
    return;
  }
  // serveStatic reports the file it chose only through onFound; remember it per request.
  const servedFile = new WeakMap<Context, string>();
  const remember = (file: string, c: Context) => void servedFile.set(c, file);
  const files = serveStatic({ root, onFound: remember });
  const indexPage = serveStatic({ root, path: 'index.html', onFound: remember });
  const noNext = async () => {};

  app.get('*', async (c, next) => {
    // Before any file lookup, and never the SPA fallback either: a plain 404.
    if (isSourceMapRequest(c.req.path)) return next();
    let response = await files(c, noNext);
    // Missing hashed assets stay 404: answering a script request with HTML only hides the problem.
    if (!response && acceptsHtml(c) && !c.req.path.startsWith('/assets/')) {
      response = await indexPage(c, noNext);
    }
    if (!response) return next();
    response.headers.set('Cache-Control', cacheControlFor(servedFile.get(c) ?? '', c.req.path));
    return response;
  });
}
