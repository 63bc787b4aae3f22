// `npm run size`: the gzipped size of what the landing page loads before anything else, from the built dist/
// (tests/e2e/bundle.spec.ts fails the build past the budget).
import { BUDGET_JS_KB, landingSize } from './landing-size.mjs';

const kb = (bytes) => (bytes / 1024).toFixed(1);
const { js, css } = landingSize(process.env.DIST || 'dist');
for (const [title, sized] of [
  ['Landing page, initial JavaScript:', js],
  ['Landing page, initial CSS:', css],
]) {
  console.log(title);
  for (const { file, bytes, gzipBytes } of sized.files) {
    console.log(`  ${file.padEnd(44)} ${kb(bytes).padStart(8)} KB  ${kb(gzipBytes).padStart(7)} KB gzip`);
  }
}
const within = js.gzipBytes / 1024 <= BUDGET_JS_KB;
console.log(
  `\nJavaScript ${kb(js.gzipBytes)} KB gzip (budget ${BUDGET_JS_KB} KB: ${within ? 'within' : 'OVER'}), CSS ${kb(css.gzipBytes)} KB gzip`,
);
