// What the landing page loads before anything else, read from an index.html: its module scripts, the chunks it
// preloads and its stylesheets. `npm run size` prints each with its size and its size in the two encodings the
// server sends (the build's own .br and .gz copies, scripts/precompress.mjs); tests/e2e/bundle.spec.ts holds the
// JavaScript to its budget as the running server sends it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The landing page's initial JavaScript may be at most this many KB (1,024 bytes) as sent with brotli... */
export const BUDGET_JS_KB = 100;
/** ...and this many to a browser that accepts gzip only. */
export const BUDGET_JS_GZIP_KB = 105;

const attr = (tag, name) => tag.match(new RegExp(`${name}="([^"]+)"`))?.[1];

/** The addresses of the scripts and stylesheets a page's HTML loads before anything else. */
export function initialFiles(html) {
  const js = new Set();
  const css = new Set();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    if (tag.startsWith('<script') && attr(tag, 'src')) js.add(attr(tag, 'src'));
    if (tag.includes('rel="modulepreload"')) js.add(attr(tag, 'href'));
    if (tag.includes('rel="stylesheet"')) css.add(attr(tag, 'href'));
  }
  return { js: [...js], css: [...css] };
}

/** A file's size, and the size of its precompressed copy (the file itself where the build wrote none). */
function sized(dist, file) {
  const path = join(dist, file);
  const bytes = readFileSync(path).length;
  const copy = (suffix) => (existsSync(path + suffix) ? readFileSync(path + suffix).length : bytes);
  return { file, bytes, brotliBytes: copy('.br'), gzipBytes: copy('.gz') };
}

function measure(dist, files) {
  const all = files.map((file) => sized(dist, file));
  const total = (key) => all.reduce((sum, entry) => sum + entry[key], 0);
  return { files: all, brotliBytes: total('brotliBytes'), gzipBytes: total('gzipBytes') };
}

export function landingSize(dist = 'dist') {
  const { js, css } = initialFiles(readFileSync(join(dist, 'index.html'), 'utf8'));
  return { js: measure(dist, js), css: measure(dist, css) };
}
