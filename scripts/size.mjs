// `npm run size`: what the landing page loads before anything else, from the built dist/, as the server sends it
// (brotli, or gzip to a browser without it); tests/e2e/bundle.spec.ts fails the build past the budget.
import { BUDGET_JS_GZIP_KB, BUDGET_JS_KB, landingSize } from './landing-size.mjs';

const kb = (bytes) => (bytes / 1024).toFixed(1);
const { js, css } = landingSize(process.env.DIST || 'dist');
for (const [title, sized] of [
  ['Landing page, initial JavaScript:', js],
  ['Landing page, initial CSS:', css],
]) {
  console.log(title);
  for (const { file, bytes, brotliBytes, gzipBytes } of sized.files) {
    console.log(
      `  ${file.padEnd(44)} ${kb(bytes).padStart(8)} KB  ${kb(brotliBytes).padStart(7)} KB brotli  ${kb(gzipBytes).padStart(7)} KB gzip`,
    );
  }
}
const within = (bytes, budget) => (bytes / 1024 <= budget ? 'within' : 'OVER');
console.log(
  `\nJavaScript ${kb(js.brotliBytes)} KB brotli (budget ${BUDGET_JS_KB} KB: ${within(js.brotliBytes, BUDGET_JS_KB)}), ` +
    `${kb(js.gzipBytes)} KB gzip (budget ${BUDGET_JS_GZIP_KB} KB: ${within(js.gzipBytes, BUDGET_JS_GZIP_KB)}); ` +
    `CSS ${kb(css.brotliBytes)} KB brotli, ${kb(css.gzipBytes)} KB gzip`,
);
