/**
 * The body limit route by route (server/http/body-limits.ts): every route that reads a body is refused one byte
 * over its own limit, in its own words, and the table names only routes the app has. Over a socket, the same
 * limits are judged from Content-Length (tests/server/socket.test.ts).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_ROUTES } from '#server/body-limit-routes';
import { METHODS_WITH_BODIES, bodyLimitFor } from '#server/http/body-limits';
import { cleanup, createTestServer, errorText } from './helpers';

afterAll(cleanup);

const { app, config } = await createTestServer();
const DEFAULT_TEXT = 'The request is too large (at most 1 MB).';

/** Every route the app registers for a method with a body, once each (middleware excluded). */
const bodyRoutes = [
  ...new Set(
    app.routes
      .filter((route) => METHODS_WITH_BODIES.includes(route.method) && !route.path.endsWith('*'))
      .map((route) => `${route.method} ${route.path}`),
  ),
].map((route) => route.split(' ') as [string, string]);

const send = (method: string, path: string, bytes: number) =>
  app.request(path, {
    method,
    headers: { 'Content-Type': 'application/octet-stream' },
    body: new Uint8Array(bytes),
  });

describe('the body limit of each route', () => {
  it('is 1 MB by default, and the table lists only routes that exist', () => {
    expect(config.BODY_LIMIT_BYTES).toBe(1024 * 1024);
    expect(bodyRoutes.length).toBeGreaterThan(20);
    const registered = bodyRoutes.map(([method, path]) => `${method} ${path}`);
    for (const row of BODY_LIMIT_ROUTES) expect(registered).toContain(`${row.method} ${row.path}`);
  });

  it.each(bodyRoutes)('%s %s: one byte over its limit is refused, in its words', async (method, path) => {
    const concrete = path.replace(/:[^/]+/g, 'some-id');
    const row = BODY_LIMIT_ROUTES.find((candidate) => candidate.method === method && candidate.path === path);
    const maxBytes = row ? Math.max(row.maxBytes, config.BODY_LIMIT_BYTES) : config.BODY_LIMIT_BYTES;
    expect(bodyLimitFor(method, concrete, config.BODY_LIMIT_BYTES, BODY_LIMIT_ROUTES)).toEqual({
      maxBytes,
      route: row,
    });

    const over = await send(method, concrete, maxBytes + 1);
    expect(over.status).toBe(413);
    expect(await errorText(over)).toBe(row ? row.tooLargeText : DEFAULT_TEXT);
    // A route with a larger limit takes what every other route refuses.
    if (row) expect((await send(method, concrete, config.BODY_LIMIT_BYTES + 1)).status).not.toBe(413);
  });
});
