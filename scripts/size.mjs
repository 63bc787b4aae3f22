// `npm run size`: the gzipped size of what the landing page loads before anything else (a figure, not a test).
// Reads the built dist/index.html: its entry script, the chunks it preloads, and its stylesheets.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = 'dist';
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const attr = (tag, name) => tag.match(new RegExp(`${name}="([^"]+)"`))?.[1];
const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
const js = new Set();
const css = new Set();
for (const tag of tags) {
  if (tag.startsWith('<script') && attr(tag, 'src')) js.add(attr(tag, 'src'));
  if (tag.includes('rel="modulepreload"')) js.add(attr(tag, 'href'));
  if (tag.includes('rel="stylesheet"')) css.add(attr(tag, 'href'));
}

const BUDGET_JS_KB = 100;
const kb = (bytes) => (bytes / 1024).toFixed(1);
function measure(files) {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const content = readFileSync(join(dist, file));
    const zipped = gzipSync(content, { level: 9 }).length;
    raw += content.length;
    gzip += zipped;
    console.log(`  ${file.padEnd(44)} ${kb(content.length).padStart(8)} KB  ${kb(zipped).padStart(7)} KB gzip`);
  }
  return { raw, gzip };
}

console.log('Landing page, initial JavaScript:');
const script = measure(js);
console.log('Landing page, initial CSS:');
const style = measure(css);
console.log(
  `\nJavaScript ${kb(script.gzip)} KB gzip (budget ${BUDGET_JS_KB} KB: ${script.gzip / 1024 <= BUDGET_JS_KB ? 'within' : 'OVER'}), CSS ${kb(style.gzip)} KB gzip`,
);
