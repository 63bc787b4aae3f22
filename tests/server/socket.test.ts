// @vitest-environment node
// The same app behind @hono/node-server on a real loopback socket: what `npm start` does in production.
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthenticateResponse } from '../../domain/contract';
import { assert } from 'superstruct';
import { cleanup, createTestServer, errorText, form, INDEX_HTML, PASSWORD, sessionBody, uniqueEmail } from './helpers';

const { app } = await createTestServer({ LOGIN_MAX_FAILURES_PER_ADDRESS: 2 });
let server: ServerType;
let base = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      base = `http://127.0.0.1:${info.port}`;
      resolve();
    });
  });
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  await cleanup();
});

describe('over a real socket', () => {
  it('registers, authenticates, throttles by the socket address, and serves the SPA', async () => {
    const email = uniqueEmail('socket');
    const registered = await fetch(`${base}/api/auth/register/email`, {
      method: 'POST',
      body: form({ name: 'Socket User', email, password: PASSWORD }),
    });
    expect(registered.status).toBe(201);
    expect(registered.headers.get('x-content-type-options')).toBe('nosniff');
    const { token, user } = await sessionBody(registered);

    const me = await fetch(`${base}/api/users/authenticate`, { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    const body: unknown = await me.json();
    assert(body, AuthenticateResponse);
    expect(body.user).toEqual(user);

    // The per-address counter sees 127.0.0.1 through the node bindings (limit 2 in this file).
    const wrong = () =>
      fetch(`${base}/api/auth/login/email`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: uniqueEmail('x'), password: 'wrong password' }),
      });
    expect((await wrong()).status).toBe(401);
    expect((await wrong()).status).toBe(401);
    const blocked = await wrong();
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBe('900');

    const page = await fetch(`${base}/signin`, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await page.text()).toBe(INDEX_HTML);
  });

  it('refuses a streamed body over the limit with 413 in the error shape', async () => {
    const res = await fetch(`${base}/api/auth/login/email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(await errorText(res)).toBe('The request is too large (at most 1 MB).');
  });
});
