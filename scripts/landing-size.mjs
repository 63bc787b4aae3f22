// What the landing page loads before anything else, read from a built index.html: its module scripts, the chunks
// it preloads and its stylesheets, each with its size and gzipped size (level 9). `npm run size` prints it, and
// tests/e2e/bundle.spec.ts holds the JavaScript to its budget.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The landing page's initial JavaScript may be at most this many KB (1,024 bytes) gzipped. */
export const BUDGET_JS_KB = 100;

const attr = (tag, name) => tag.match(new RegExp(`${name}="([^"]+)"`))?.[1];

function measure(dist, files) {
  const sized = [...files].map((file) => {
    const content = readFileSync(join(dist, file));
    return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
  });
  return { files: sized, gzipBytes: sized.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0) };
}

export function landingSize(dist = 'dist') {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const js = new Set();
  const css = new Set();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    if (tag.startsWith('<script') && attr(tag, 'src')) js.add(attr(tag, 'src'));
    if (tag.includes('rel="modulepreload"')) js.add(attr(tag, 'href'));
    if (tag.includes('rel="stylesheet"')) css.add(attr(tag, 'href'));
  }
  return { js: measure(dist, js), css: measure(dist, css) };
}
