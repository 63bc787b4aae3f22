import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressFolder } from '#scripts/precompress.mjs';
import { sql } from 'kysely';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { findPage } from '#domain/pages';
import { PERMISSIONS_POLICY, securityHeaderValues } from '#server/http/security-headers';
import { renderPage } from '#server/site/pages';
import { expectSecurityHeaders } from './security-headers';
import {
  ASSET_BODY,
  ASSET_PATH,
  cleanup,
  bearer,
  createTestServer,
  errorText,
  form,
  INDEX_HTML,
  jsonInit,
  login,
  register,
  SECRET_OUTSIDE_STATIC,
  sessionBody,
} from './helpers';

afterAll(cleanup);
afterEach(() => vi.restoreAllMocks());

const { app, config } = await createTestServer();
const HTML = { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('security headers', () => {
  it('are on API answers, success and error alike', async () => {
    const account = await register(app);
    expectSecurityHeaders(await login(app, account.user.email, account.password));
    expectSecurityHeaders(await login(app, account.user.email, 'wrong password'));
    expectSecurityHeaders(await app.request('/api/nothing/here'));
    expectSecurityHeaders(await app.request('/api/auth/login/email', jsonInit('POST', 'x'.repeat(2 * 1024 * 1024))));
  });

  it('are on served avatars, beside their own stricter policy', async () => {
    const account = await register(app);
    const gif = new Uint8Array(Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'));
    const updated = await app.request('/api/users/profile/update', {
      method: 'PATCH',
      headers: bearer(account.token),
      body: form({ name: account.user.name, email: account.user.email, avatar: new File([gif], 'me.gif') }),
    });
    expect(updated.status).toBe(200);
    const { user } = await sessionBody(updated);
    const served = await app.request(user.avatarURL!);
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Security-Policy')).toBe("default-src 'none'");
    // Only our own pages show avatars: another site's <img> gets nothing.
    expect(served.headers.get('Cross-Origin-Resource-Policy')).toBe('same-origin');
    expect(served.headers.get('Permissions-Policy')).toBe(PERMISSIONS_POLICY);
  });

  it('are on static files and on the SPA fallback', async () => {
    expectSecurityHeaders(await app.request('/', { headers: HTML }));
    expectSecurityHeaders(await app.request(ASSET_PATH));
    expectSecurityHeaders(await app.request('/signin', { headers: HTML }));
  });

  it('match the exported list exactly', () => {
    expect(Object.keys(securityHeaderValues(config)).sort()).toEqual([
      'Content-Security-Policy',
      'Cross-Origin-Opener-Policy',
      'Cross-Origin-Resource-Policy',
      'Permissions-Policy',
      'Referrer-Policy',
      'Strict-Transport-Security',
      'X-Content-Type-Options',
    ]);
  });
});

describe('routing', () => {
  it("runs on Hono's RegExpRouter, its fastest, for every route: no parameter beside a fixed path segment", async () => {
    // SmartRouter settles on the first router that takes every route; a route such as /api/invoices/:id beside
    // /api/invoices/my would leave the app on the trie router, 0.6 µs slower per request (docs/performance.md).
    await app.request('/api/health');
    expect(app.router.name).toBe('SmartRouter + RegExpRouter');
  });
});

describe('unknown API paths', () => {
  it.each([
    ['GET', '/api/nothing/here'],
    ['POST', '/api/auth/unknown'],
    ['GET', '/api/auth/login/email'],
    ['DELETE', '/api/users/authenticate/extra'],
  ])('%s %s is a JSON 404, never the SPA', async (method, path) => {
    const res = await app.request(path, { method, headers: HTML });
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(await errorText(res)).toBe('Not found.');
  });
});

describe('static files and the SPA fallback', () => {
  it('serves index.html at / with no-cache', async () => {
    const res = await app.request('/', { headers: HTML });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
    // index.html with the page's own tags (tests/server/pages.test.ts; an unknown address is a 404 there).
    expect(await res.text()).toBe(renderPage(INDEX_HTML, { ...findPage('/')!, url: `${config.PUBLIC_URL}/` }));
  });

  it.each(['/signin', '/signup', '/service/webdevconsul/request'])(
    'answers the page request %s with index.html',
    async (path) => {
      const res = await app.request(path, { headers: HTML });
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
      expect(res.headers.get('Cache-Control')).toBe('no-cache');
      expect(await res.text()).toBe(renderPage(INDEX_HTML, { ...findPage(path)!, url: `${config.PUBLIC_URL}${path}` }));
    },
  );

  it('serves hashed assets as immutable for a year', async () => {
    const res = await app.request(ASSET_PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/javascript/);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe(ASSET_BODY);
  });

  it('compresses larger files for clients that accept gzip', async () => {
    const { app: withBigAsset, config } = await createTestServer();
    const script = `console.log(${JSON.stringify('storefront '.repeat(2000))});`;
    writeFileSync(join(config.STATIC_DIR, 'assets', 'big-123.js'), script);
    const res = await withBigAsset.request('/assets/big-123.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBeLessThan(script.length / 10);
    expect(gunzipSync(body).toString()).toBe(script);
  });

  it("sends the build's precompressed copy in the encoding the browser accepts, brotli first", async () => {
    const { app: precompressed, config } = await createTestServer();
    const script = `console.log(${JSON.stringify('storefront '.repeat(2000))});`;
    writeFileSync(join(config.STATIC_DIR, 'assets', 'shell-123.js'), script);
    precompressFolder(config.STATIC_DIR);
    const asking = (encodings: string) =>
      precompressed.request('/assets/shell-123.js', { headers: { 'Accept-Encoding': encodings } });

    const brotli = await asking('gzip, deflate, br, zstd');
    expect(brotli.headers.get('Content-Encoding')).toBe('br');
    expect(brotli.headers.get('Content-Type')).toMatch(/javascript/);
    expect(brotli.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    // Named once: serveStatic names it already when it sends a precompressed copy.
    expect(brotli.headers.get('Vary')).toBe('Accept-Encoding');
    const brotliBody = Buffer.from(await brotli.arrayBuffer());
    expect(brotliDecompressSync(brotliBody).toString()).toBe(script);

    const gzip = await asking('gzip, deflate');
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip');
    // The build's own copy at level 9, passed on as it is, not compressed a second time on the way out.
    const gzipBody = Buffer.from(await gzip.arrayBuffer());
    expect(gunzipSync(gzipBody).toString()).toBe(script);
    expect(gzipBody.length).toBeGreaterThan(brotliBody.length);

    const plain = await asking('identity');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(plain.headers.get('Vary')).toMatch(/Accept-Encoding/);
    expect(await plain.text()).toBe(script);
  });

  it('serves other files with a short cache', async () => {
    // robots.txt, the plain file this test once read, is the server's own now (tests/server/pages.test.ts).
    writeFileSync(join(config.STATIC_DIR, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const res = await app.request('/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=3600');
  });

  it('serves /index.html itself with no-cache, like the pages', async () => {
    const res = await app.request('/index.html');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
    expect(res.headers.get('Vary')).toBe('Accept-Encoding');
    expect(await res.text()).toBe(INDEX_HTML);
  });

  it('answers a missing asset with 404, not index.html', async () => {
    const res = await app.request('/assets/missing-123.js', { headers: HTML });
    expect(res.status).toBe(404);
    expect(await errorText(res)).toBe('Not found.');
  });

  it('answers an address under /assets/ without an extension with a plain 404', async () => {
    const res = await app.request('/assets/missing-chunk', { headers: HTML });
    expect(res.status).toBe(404);
    expect(await errorText(res)).toBe('Not found.');
  });

  it('answers an address with a dot only in a folder name with the SPA 404 page', async () => {
    const res = await app.request('/releases/v1.2/notes', { headers: HTML });
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('<meta name="robots" content="noindex" />');
  });

  it('answers a malformed escape with a 404, not a 500; a hidden folder so spelled stays a plain 404', async () => {
    const page = await app.request('http://localhost/foo%zz', { headers: HTML });
    expect(page.status).toBe(404);
    expect(page.headers.get('Content-Type')).toMatch(/^text\/html/);
    // Hidden only once decoded (%2F stays encoded in the path the router sees), or malformed: never the SPA.
    for (const path of ['/.vite%zz/manifest', '/x%2F.vite/manifest']) {
      const hidden = await app.request(`http://localhost${path}`, { headers: HTML });
      expect(hidden.status, path).toBe(404);
      expect(await errorText(hidden), path).toBe('Not found.');
    }
  });

  it('answers with a plain 404 while the build has no index.html', async () => {
    const { app: noIndex, config } = await createTestServer();
    rmSync(join(config.STATIC_DIR, 'index.html'));
    for (const path of ['/signin', '/xyz']) {
      const res = await noIndex.request(path, { headers: HTML });
      expect(res.status, path).toBe(404);
      expect(await errorText(res), path).toBe('Not found.');
    }
    expect((await noIndex.request(ASSET_PATH)).status).toBe(200);
  });

  it('answers a non-page request for an unknown path with 404', async () => {
    const res = await app.request('/xyz', { headers: { Accept: 'application/json' } });
    expect(res.status).toBe(404);
    expect((await app.request('/xyz', { method: 'POST', headers: HTML })).status).toBe(404);
  });

  it('never serves a source map, even one left in STATIC_DIR', async () => {
    const { app: withMaps, config } = await createTestServer();
    const map = JSON.stringify({ version: 3, sources: ['../src/secret-source.ts'], mappings: 'AAAA' });
    writeFileSync(join(config.STATIC_DIR, `${ASSET_PATH}.map`), map);
    writeFileSync(join(config.STATIC_DIR, 'top-level.css.map'), map);
    // The planted files are there: the plain asset beside them is served.
    expect((await withMaps.request(ASSET_PATH)).status).toBe(200);
    const attempts = [`${ASSET_PATH}.map`, `${ASSET_PATH}%2Emap`, `${ASSET_PATH}.m%61p`, '/top-level.css.map'];
    for (const path of attempts) {
      for (const headers of [{}, HTML, { Accept: '*/*' }]) {
        const res = await withMaps.request(`http://localhost${path}`, { headers });
        expect(res.status, path).toBe(404);
        const text = await res.text();
        expect(text, path).not.toContain('secret-source');
        expect(text, path).not.toBe(INDEX_HTML);
      }
      expect((await withMaps.request(`http://localhost${path}`, { method: 'HEAD' })).status, path).toBe(404);
    }
  });

  it('never serves files outside STATIC_DIR', async () => {
    const attempts = ['/..%2fsecret.txt', '/assets/..%2f..%2fsecret.txt', '/%2e%2e/secret.txt', '/..\\secret.txt'];
    for (const path of attempts) {
      const res = await app.request(`http://localhost${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain(SECRET_OUTSIDE_STATIC);
    }
  });

  it('serves only the API when STATIC_DIR does not exist', async () => {
    const { app: apiOnly, logLines } = await createTestServer({ STATIC_DIR: '/nonexistent/storefront-dist' });
    expect(logLines).toContainEqual(
      expect.objectContaining({
        level: 40,
        staticDir: '/nonexistent/storefront-dist',
        msg: expect.stringContaining('/nonexistent/storefront-dist'),
      }),
    );
    expect((await apiOnly.request('/', { headers: HTML })).status).toBe(404);
    expect((await apiOnly.request('/api/users/authenticate')).status).toBe(401);
  });
});

describe('unexpected failures', () => {
  it('answer 500 with a generic text, and log the real error on the server only', async () => {
    const broken = await createTestServer();
    const account = await register(broken.app);
    // Sign-in needs the sessions table: without it the database throws an SQL error mid-request.
    await sql`DROP TABLE sessions`.execute(broken.db);

    const res = await login(broken.app, account.user.email, account.password);
    expect(res.status).toBe(500);
    expectSecurityHeaders(res);
    const text = await res.clone().text();
    expect(await errorText(res)).toBe('Something went wrong on our side. Please try again later.');
    expect(text).not.toMatch(/sessions|sqlite|postgres|no such table|does not exist|\bat\b|\.ts/i);

    const errors = broken.logLines.filter((line) => line.level >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ event: 'request.failed', method: 'POST', path: '/api/auth/login/email' });
    // SQLite's words, or PostgreSQL's (TEST_DATABASE=postgres).
    expect(errors[0]!.err).toMatchObject({
      message: expect.stringMatching(/no such table: sessions|relation "sessions" does not exist/),
    });
    expect(JSON.stringify(errors[0]!.err)).toContain('stack');
  });
});
