/**
 * A page's code named in its HTML (server/site/page-chunks.ts): the right files from the build's manifest, nothing
 * index.html loads already, the manifest itself never served, and the same screens as the client's routes.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixedPages } from '#domain/fixedPages';
import { type Manifest, NOT_FOUND_MODULE, PAGE_MODULES, pageModuleFor, preloadTags } from '#server/site/page-chunks';
import { cleanup, createTestServer } from './helpers';

afterAll(cleanup);

const INDEX = [
  '<!doctype html><html><head><title>t</title>',
  '<script type="module" crossorigin src="/assets/shell-1.js"></script>',
  '<link rel="stylesheet" crossorigin href="/assets/shell-1.css">',
  '</head><body></body></html>',
].join('');

const MANIFEST: Manifest = {
  '_runtime-1.js': { file: 'assets/runtime-1.js' },
  '_core-1.js': { file: 'assets/core-1.js', imports: ['_runtime-1.js'] },
  '_shell-1.js': { file: 'assets/shell-1.js', imports: ['_core-1.js'], css: ['assets/shell-1.css'] },
  '_Field-1.js': { file: 'assets/Field-1.js', imports: ['_core-1.js'], css: ['assets/Forms-1.css'] },
  '_AuthLayout-1.js': { file: 'assets/AuthLayout-1.js', imports: ['_Field-1.js'], css: ['assets/Auth-1.css'] },
  'src/pages/Login.tsx': {
    file: 'assets/Login-1.js',
    imports: ['_core-1.js', '_shell-1.js', '_AuthLayout-1.js', '_Field-1.js'],
    css: ['assets/Forms-1.css', 'assets/shell-1.css'],
  },
  'src/pages/NotFound.tsx': { file: 'assets/NotFound-1.js', imports: ['_shell-1.js'] },
};

const LOGIN_TAGS = [
  '<link rel="modulepreload" crossorigin href="/assets/Login-1.js" />',
  '<link rel="modulepreload" crossorigin href="/assets/AuthLayout-1.js" />',
  '<link rel="modulepreload" crossorigin href="/assets/Field-1.js" />',
  '<link rel="stylesheet" crossorigin href="/assets/Forms-1.css" />',
  '<link rel="stylesheet" crossorigin href="/assets/Auth-1.css" />',
];

describe('the tags for a page module', () => {
  it('name its chunk and what it imports, each once, without what index.html loads already', () => {
    expect(preloadTags(MANIFEST, 'src/pages/Login.tsx', INDEX)).toEqual(LOGIN_TAGS);
    expect(preloadTags(MANIFEST, NOT_FOUND_MODULE, INDEX)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/NotFound-1.js" />',
    ]);
  });

  it('follow imports that go round in a circle, and pass over an import the manifest does not list', () => {
    const circular: Manifest = {
      ...MANIFEST,
      '_a-1.js': { file: 'assets/a-1.js', imports: ['_b-1.js', '_gone-1.js'] },
      '_b-1.js': { file: 'assets/b-1.js', imports: ['_a-1.js'] },
      'src/pages/Terms.tsx': { file: 'assets/Terms-1.js', imports: ['_a-1.js'] },
    };
    expect(preloadTags(circular, 'src/pages/Terms.tsx', INDEX)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/Terms-1.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/a-1.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/b-1.js" />',
    ]);
  });

  it('are none for a module the build does not have', () => {
    expect(preloadTags(MANIFEST, 'src/pages/Terms.tsx', INDEX)).toEqual([]);
  });
});

describe('the page modules', () => {
  const routes = readFileSync(join(import.meta.dirname, '../../src/routes.tsx'), 'utf8');
  const lazyPages = [...routes.matchAll(/lazyScreen\(\(\) => import\('\.\/(pages\/[^']+)'\)\)/g)].map(
    ([, page]) => `src/${page}.tsx`,
  );

  it('are screens the client loads lazily, as src/routes.tsx imports them', () => {
    expect(lazyPages.length).toBeGreaterThan(10);
    for (const [, module] of PAGE_MODULES) expect(lazyPages, module).toContain(module);
    expect(lazyPages).toContain(NOT_FOUND_MODULE);
  });

  it('cover every page a visitor who is not signed in can open, but the landing page (in the first scripts)', () => {
    const open = Object.entries(fixedPages).filter(([path, page]) => page.indexed && path !== '/');
    for (const [path] of [...open, ['/forgot-password'], ['/not-found'], ['/service/webdevconsul/details']]) {
      expect(pageModuleFor(path!), path).toBeDefined();
    }
    for (const path of ['/', '/profile', '/invoices', '/office', '/service/webdevconsul/request']) {
      expect(pageModuleFor(path), path).toBeUndefined();
    }
  });

  it('match the whole address, not a part of it', () => {
    const pages = [
      ['/signin', 'src/pages/Login.tsx'],
      ['/signup', 'src/pages/Register.tsx'],
      ['/forgot-password', 'src/pages/ForgotPassword.tsx'],
      ['/privacy-policy', 'src/pages/PrivacyPolicy.tsx'],
      ['/terms', 'src/pages/Terms.tsx'],
      ['/contact-us', 'src/pages/Contact.tsx'],
      ['/youth-project', 'src/pages/YouthProject.tsx'],
      ['/service/webdevconsul/details', 'src/pages/ServiceDetails.tsx'],
      ['/booking/a1b2c3', 'src/pages/booking/BookingPage.tsx'],
      ['/not-found', 'src/pages/NotFound.tsx'],
    ] as const;
    for (const [path, module] of pages) {
      expect(pageModuleFor(path), path).toBe(module);
      expect(pageModuleFor(`${path}/more`), `${path}/more`).toBeUndefined();
      expect(pageModuleFor(`/more${path}`), `/more${path}`).toBeUndefined();
    }
    for (const path of ['/service/a/b/details', '/service//details', '/booking/', '/booking/a/b']) {
      expect(pageModuleFor(path), path).toBeUndefined();
    }
  });
});

describe('the server', () => {
  const HTML = { Accept: 'text/html' };
  const withManifest = async (manifest: string) => {
    const { app, config } = await createTestServer();
    writeFileSync(join(config.STATIC_DIR, 'index.html'), INDEX);
    mkdirSync(join(config.STATIC_DIR, '.vite'));
    writeFileSync(join(config.STATIC_DIR, '.vite', 'manifest.json'), manifest);
    return app;
  };

  it("names a page's code in its HTML, and the 404 page's in an unknown address's", async () => {
    const app = await withManifest(JSON.stringify(MANIFEST));
    const signIn = await (await app.request('/signin', { headers: HTML })).text();
    expect(signIn).toContain(LOGIN_TAGS.join('\n    '));
    expect(signIn.indexOf(LOGIN_TAGS[0]!)).toBeGreaterThan(signIn.indexOf('/assets/shell-1.js'));
    const unknown = await app.request('/no-such-page', { headers: HTML });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('href="/assets/NotFound-1.js"');
    // An account page would send a visitor to sign in: its code is not fetched ahead.
    expect(await (await app.request('/profile', { headers: HTML })).text()).not.toContain('modulepreload');
  });

  it('never serves the manifest, however its path is spelled', async () => {
    const app = await withManifest(JSON.stringify(MANIFEST));
    for (const path of [
      '/.vite/manifest.json',
      '/%2evite/manifest.json',
      '/.vite/',
      '/assets/../.vite/manifest.json',
    ]) {
      const res = await app.request(`http://localhost${path}`, { headers: HTML });
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain('src/pages/Login.tsx');
    }
  });

  it('serves the page without preloads when the manifest is unreadable', async () => {
    const app = await withManifest('{ not json');
    const res = await app.request('/signin', { headers: HTML });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>');
    expect(html).not.toContain('modulepreload');
  });
});
