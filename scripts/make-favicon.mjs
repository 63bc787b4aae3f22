#!/usr/bin/env node
/**
 * Draws public/favicon.png (32 × 32) from public/favicon.svg in Chromium (scripts/ensure-chromium.sh), transparent
 * corners kept. The pages name the PNG, not the SVG: a browser decodes a page's icon on the page's own main thread,
 * and an SVG icon is a small document of its own to build and draw there, 14–27 ms in the landing page's load on a
 * phone's simulated CPU; a PNG decodes in well under one (docs/performance.md, "The landing page frame by frame,
 * ten type sizes, a PNG icon"). The output is committed: run this (`npx node scripts/make-favicon.mjs`) only to
 * change the icon.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import puppeteer from 'puppeteer-core';

const SIZE = 32;
const svg = readFileSync('public/favicon.svg', 'utf8');
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
try {
  const tab = await browser.newPage();
  await tab.setViewport({ width: SIZE, height: SIZE, deviceScaleFactor: 1 });
  const source = `data:image/svg+xml,${encodeURIComponent(svg)}`;
  await tab.setContent(
    `<body style="margin:0"><img src="${source}" width="${SIZE}" height="${SIZE}" style="display:block"></body>`,
  );
  // Runs in the page, where `document` is.
  await tab.waitForFunction(() => globalThis.document.images[0]?.complete);
  writeFileSync('public/favicon.png', await tab.screenshot({ type: 'png', omitBackground: true }));
} finally {
  await browser.close();
}
