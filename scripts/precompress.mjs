// Plain JavaScript, as the other files the root configs import (vite.config.ts loads it without a compiler).
/**
 * The build writes each compressible file of dist/ twice more, beside itself: `.br` (brotli, best quality) and
 * `.gz` (gzip, level 9). The server sends the one the browser accepts as it is (server/site/static.ts), instead of
 * compressing on every request at the fast settings a request can afford: brotli at its best is 13 % smaller than
 * gzip on the landing page's code and costs nothing at request time (docs/performance.md, "Precompressed files").
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text formats the build emits; images other than SVG and the video are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest|ico)$/;
/** Under this size a compressed copy saves less than its headers cost (the same threshold as Hono's compress). */
const MIN_BYTES = 1024;

/**
 * The files under `dir`, but for hidden folders (the build's .vite/, which the server never serves).
 * @param {string} dir
 * @returns {string[]}
 */
function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Writes `file.br` and `file.gz` beside every compressible file of `dir` worth compressing.
 * @param {string} dir
 */
export function precompressFolder(dir) {
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
    const content = readFileSync(file);
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    // A copy no smaller than the file would only cost the browser a decoding step.
    if (brotli.length < content.length) writeFileSync(`${file}.br`, brotli);
    const gzip = gzipSync(content, { level: 9 });
    if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip);
  }
}

/** After the build has written every file, the public folder's copies included. */
/** @returns {import('vite').Plugin} */
export function precompress() {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: {
      order: 'post',
      handler() {
        precompressFolder(outDir);
      },
    },
  };
}
