/**
 * The landing page's initial JavaScript stays within its budget as the running server sends it (brotli, and gzip to
 * a browser without brotli; scripts/landing-size.mjs), and the production
 * bundle carries no inspector (docs/architecture.md#how-a-flow-travels-through-the-browser):
 * `@statelyai/inspect` and the inspector mask are loaded only in development, by a dynamic import that the
 * production build drops. Runs after `vite build` in `npm run test:e2e` and reads every JavaScript file of
 * dist/assets (BUNDLE_DIR overrides the folder, to check another build).
 *
 * The fingerprints are string literals of @statelyai/inspect's own code (node_modules/@statelyai/inspect/
 * dist/index.mjs) that minification keeps, and of src/app/inspectorMask.ts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { BUDGET_JS_GZIP_KB, BUDGET_JS_KB, initialFiles } from '#scripts/landing-size.mjs';
import { COMPILE_HINT } from '../../vite.config';

const dist = resolve(process.env.BUNDLE_DIR ?? 'dist');
const assets = join(dist, 'assets');

const INSPECTOR_FINGERPRINTS = [
  'createBrowserInspector',
  // The inspector's default URL, and its message and endpoints:
  'stately.ai/inspect',
  'stately.ai/registry/api/sky',
  '@statelyai.connected',
  'Window does not exist; inspector cannot be started',
];

const MASK_FINGERPRINTS: (string | RegExp)[] = [
  'maskInspectionEvent',
  // SECRET_KEY_NAMES, in order, whatever quotes the minifier chose:
  /oldPassword["'`],\s*["'`]newPassword["'`],\s*["'`]confirmPassword["'`],\s*["'`]token["'`]/,
];

/** The bytes a server sends, as they come over the wire (Node's http decodes nothing). */
function fetchRaw(url: string, acceptEncoding: string): Promise<{ body: Buffer; contentEncoding?: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode}`));
        else resolve({ body: Buffer.concat(chunks), contentEncoding: response.headers['content-encoding'] });
      });
    }).on('error', reject);
  });
}

function bundleFiles(): { name: string; text: string }[] {
  return readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .sort()
    .map((name) => ({ name, text: readFileSync(join(assets, name), 'utf8') }));
}

test.describe('production bundle', () => {
  test('exists', () => {
    expect(existsSync(assets), `${assets} (run vite build first)`).toBe(true);
    expect(bundleFiles().length).toBeGreaterThan(0);
  });

  for (const { encoding, budget } of [
    { encoding: 'br', budget: BUDGET_JS_KB },
    { encoding: 'gzip', budget: BUDGET_JS_GZIP_KB },
  ]) {
    test(`sends the landing page's initial JavaScript in at most ${budget} KB to a browser that accepts ${encoding}`, async ({
      baseURL,
    }) => {
      const acceptEncoding = encoding === 'br' ? 'gzip, deflate, br, zstd' : 'gzip, deflate';
      const page = await fetchRaw(`${baseURL}/`, 'identity');
      const { js } = initialFiles(page.body.toString('utf8'));
      expect(js.length, 'the landing page names no script').toBeGreaterThan(0);
      const sent = await Promise.all(
        js.map(async (file) => ({ file, ...(await fetchRaw(`${baseURL}${file}`, acceptEncoding)) })),
      );
      const listing = sent.map(
        ({ file, body, contentEncoding }) =>
          `${file}: ${(body.length / 1024).toFixed(1)} KB ${contentEncoding ?? 'as is'}`,
      );
      // Every script worth compressing comes in the encoding asked for (the runtime chunk is too small to be).
      for (const { file, body, contentEncoding } of sent) {
        if (body.length > 1024) expect(contentEncoding, file).toBe(encoding);
      }
      const total = sent.reduce((sum, { body }) => sum + body.length, 0);
      expect(total / 1024, `initial JavaScript as sent:\n${listing.join('\n')}`).toBeLessThanOrEqual(budget);
    });
  }

  // vite.config.ts adds the hint last, after minifying and after Vite writes its list of lazy files at the shell's
  // top: anywhere but on the first line, Chromium does not read it.
  test('starts the libraries and the shell, which every page runs first, with the compile hint', () => {
    const first = bundleFiles().filter(({ name }) => /^(core|statecharts|shell)-[\w-]+\.js$/.test(name));
    expect(first.map(({ name }) => name.split('-')[0]).sort()).toEqual(['core', 'shell', 'statecharts']);
    for (const { name, text } of first) expect(text.startsWith(COMPILE_HINT), name).toBe(true);
    const others = bundleFiles().filter(
      ({ name, text }) => !first.some((f) => f.name === name) && text.includes(COMPILE_HINT),
    );
    expect(
      others.map(({ name }) => name),
      'the hint on a lazily loaded file',
    ).toEqual([]);
  });

  test('contains no @statelyai/inspect code', () => {
    const found = bundleFiles().flatMap(({ name, text }) =>
      INSPECTOR_FINGERPRINTS.filter((fingerprint) => text.includes(fingerprint)).map((f) => `${name}: ${f}`),
    );
    expect(found, 'inspector code in the production bundle').toEqual([]);
  });

  test('contains no inspector mask', () => {
    const found = bundleFiles().flatMap(({ name, text }) =>
      MASK_FINGERPRINTS.filter((fingerprint) =>
        typeof fingerprint === 'string' ? text.includes(fingerprint) : fingerprint.test(text),
      ).map((f) => `${name}: ${String(f)}`),
    );
    expect(found, 'the inspector mask in the production bundle').toEqual([]);
  });
});
