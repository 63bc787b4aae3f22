/**
 * The app behind a real socket (@hono/node-server, as server/main.ts serves it). Over a socket the response
 * headers go to Node's response before the handler runs, a request without a body skips the body limit, and
 * compression runs only for clients that ask (docs/performance.md): each of those fast paths must keep what
 * the in-process tests (http.test.ts) show.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { afterAll, describe, expect, it } from 'vitest';
import { ASSET_PATH, bearer, cleanup, createTestServer, createInvoice, form, register, sessionBody } from './helpers';
import { PROFILE_BODY_LIMIT_BYTES, PROFILE_UPDATE_PATH } from '#server/avatars/body-limit';
import { AVATAR_TOO_LARGE_TEXT } from '#server/avatars/image';
import { REPORT_BODY_LIMIT_BYTES, REPORT_TOO_LARGE_TEXT } from '#server/orders/body-limit';
import { expectSecurityHeaders } from './security-headers';

const { app } = await createTestServer();
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise<void>((resolve) => server.once('listening', () => resolve()));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await cleanup();
});

/** fetch asks for gzip by default; `identity` is a client that accepts no encoding. */
const PLAIN = { 'Accept-Encoding': 'identity' };

describe('response headers over a socket', () => {
  it('are on API answers, success and error alike, with no-store', async () => {
    const account = await register(app);
    for (const res of [
      await fetch(`${base}/api/users/authenticate`, { headers: { ...PLAIN, ...bearer(account.token) } }),
      await fetch(`${base}/api/users/authenticate`, { headers: PLAIN }),
      await fetch(`${base}/api/nothing/here`, { headers: PLAIN }),
    ]) {
      expectSecurityHeaders(res);
      expect(res.headers.get('Cache-Control')).toBe('no-store');
      await res.arrayBuffer();
    }
  });

  it("leave a response's own policy in place (a served avatar) and keep no-store off static files", async () => {
    const account = await register(app);
    const gif = new Uint8Array(Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'));
    const updated = await app.request('/api/users/profile/update', {
      method: 'PATCH',
      headers: bearer(account.token),
      body: form({ name: account.user.name, email: account.user.email, avatar: new File([gif], 'me.gif') }),
    });
    const { user } = await sessionBody(updated);
    const avatar = await fetch(`${base}${user.avatarURL!}`);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('Content-Security-Policy')).toBe("default-src 'none'");
    expect(avatar.headers.get('Cache-Control')).toMatch(/immutable/);
    expect(avatar.headers.get('X-Content-Type-Options')).toBe('nosniff');
    await avatar.arrayBuffer();

    const asset = await fetch(`${base}${ASSET_PATH}`, { headers: PLAIN });
    expectSecurityHeaders(asset);
    expect(asset.headers.get('Cache-Control')).not.toBe('no-store');
    await asset.arrayBuffer();
  });
});

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw HTTP/1.1 request: the test chooses how the body is framed, and reads the bytes as they came. */
function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  chunks: string[] = [],
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    // A connection of its own: after a refused upload the server closes the one it was sent on.
    const req = httpRequest(`${base}${path}`, { method, headers, agent: false }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (chunk: Buffer) => parts.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }));
    });
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe('the body limit over a socket', () => {
  const tooLarge = 'x'.repeat(1024 * 1024 + 1);
  const limitText = 'The request is too large (at most 1 MB).';

  it('refuses a declared Content-Length above the limit', async () => {
    const res = await send(
      'POST',
      '/api/auth/login/email',
      { 'Content-Type': 'application/json', 'Content-Length': String(tooLarge.length) },
      [tooLarge],
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body.toString())).toEqual({ message: { en: limitText } });
  });

  it('leaves a GET to its route, whatever body comes with it: no GET route reads one', async () => {
    const res = await send('GET', '/api/health', { 'Content-Length': String(tooLarge.length) }, [tooLarge]);
    expect(res.status).toBe(200);
    // A DELETE's body is judged like a POST's.
    const deleting = await send(
      'DELETE',
      '/api/office/staff/someone',
      { 'Content-Type': 'application/json', 'Content-Length': String(tooLarge.length) },
      [tooLarge],
    );
    expect(deleting.status).toBe(413);
    expect(JSON.parse(deleting.body.toString())).toEqual({ message: { en: limitText } });
  });

  it('reads a chunked body within the limit to the route', async () => {
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not the password' });
    const res = await send(
      'POST',
      '/api/auth/login/email',
      { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      [body.slice(0, 10), body.slice(10)],
    );
    // The route read the whole body: a wrong sign-in, not a malformed or refused request.
    expect(res.status).toBe(401);
  });

  it('refuses a chunked body once it grows past the limit', async () => {
    const res = await send(
      'POST',
      '/api/auth/login/email',
      { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      [tooLarge.slice(0, 1000), tooLarge.slice(1000)],
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body.toString())).toEqual({ message: { en: limitText } });
  });

  it("judges each route's declared size by that route's own limit, in its own words", async () => {
    // Over the app's 1 MB but within the profile form's: the limit lets it through to the route (401: no token).
    const picture = 'x'.repeat(1024 * 1024 + 100);
    const withinProfile = await send(
      'PATCH',
      PROFILE_UPDATE_PATH,
      { 'Content-Type': 'application/octet-stream', 'Content-Length': String(picture.length) },
      [picture],
    );
    expect(withinProfile.status).toBe(401);

    const overProfile = 'x'.repeat(PROFILE_BODY_LIMIT_BYTES + 1);
    const profile = await send(
      'PATCH',
      PROFILE_UPDATE_PATH,
      { 'Content-Type': 'application/octet-stream', 'Content-Length': String(overProfile.length) },
      [overProfile],
    );
    expect(profile.status).toBe(413);
    expect(JSON.parse(profile.body.toString())).toEqual({ message: { en: AVATAR_TOO_LARGE_TEXT } });

    const overReport = 'x'.repeat(REPORT_BODY_LIMIT_BYTES + 1);
    const report = await send(
      'POST',
      '/api/office/orders/some-order/report',
      { 'Content-Type': 'application/octet-stream', 'Content-Length': String(overReport.length) },
      [overReport],
    );
    expect(report.status).toBe(413);
    expect(JSON.parse(report.body.toString())).toEqual({ message: { en: REPORT_TOO_LARGE_TEXT } });
  });

  it('reads a JSON body declared by its length straight to the route', async () => {
    const { token } = await register(app);
    const order = JSON.stringify({
      amount: 49,
      title: 'Website Development Consultation',
      type: 'Video Meeting',
      url: 'https://example.com',
    });
    const res = await send(
      'POST',
      '/api/invoices/create',
      {
        'Content-Type': 'application/json',
        'Content-Length': String(Buffer.byteLength(order)),
        Authorization: `Bearer ${token}`,
      },
      [order],
    );
    expect(res.status).toBe(201);
    expect(JSON.parse(res.body.toString()).paymentLink).toMatch(/\/pay\/sandbox\//);
  });
});

describe('compression over a socket', () => {
  it('gzips a large JSON answer for a client that asks, and sends it plain to one that does not', async () => {
    const account = await register(app);
    for (let i = 0; i < 10; i += 1) expect((await createInvoice(app, account.token)).status).toBe(201);
    const asked = await send('GET', '/api/invoices/my', { ...bearer(account.token), 'Accept-Encoding': 'gzip' });
    expect(asked.headers['content-encoding']).toBe('gzip');
    expect(asked.headers.vary).toMatch(/Accept-Encoding/);
    expect((JSON.parse(gunzipSync(asked.body).toString()) as { invoices: unknown[] }).invoices).toHaveLength(10);

    const plain = await fetch(`${base}/api/invoices/my`, { headers: { ...bearer(account.token), ...PLAIN } });
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(((await plain.json()) as { invoices: unknown[] }).invoices).toHaveLength(10);
  });

  it('sends a short JSON answer plain, with its length, even to a client that asks for gzip', async () => {
    // Compressing 40 bytes saves nothing, and its stream made the answer wait turns of the event loop: under a
    // download flood, a health check took ten times as long (docs/performance.md#documents).
    const res = await send('GET', '/api/health', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(res.body.length));
    expect(JSON.parse(res.body.toString())).toEqual({ status: 'ok', database: 'ok' });
  });
});
