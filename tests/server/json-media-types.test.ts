/**
 * Which declared types a JSON body is read under (server/http/validate.ts): `application/json` with any case,
 * spacing and parameters, and the structured `+json` types API clients send (`application/vnd.api+json`);
 * anything else is refused with 415 in the site's words, naming what to send.
 */
import { afterAll, expect, it } from 'vitest';
import { PASSWORD, cleanup, createTestServer, errorText, uniqueEmail } from './helpers';

afterAll(cleanup);
const { app } = await createTestServer();

const register = (contentType: string) =>
  app.request('/api/auth/register/email', {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: JSON.stringify({ name: 'Ada', email: uniqueEmail('media'), password: PASSWORD }),
  });
const login = (contentType: string) =>
  app.request('/api/auth/login/email', {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: JSON.stringify({ email: uniqueEmail('media'), password: PASSWORD }),
  });

it.each([
  'application/json',
  ' Application/JSON ; charset=UTF-8',
  'application/vnd.api+json',
  'application/merge-patch+json',
])('reads a form route’s body sent as %j', async (type) => {
  expect((await register(type)).status).toBe(201);
});

it.each(['application/vnd.api+json', 'APPLICATION/JSON; charset=utf-8'])(
  'reads a JSON route’s body sent as %j',
  async (type) => {
    // No such account: the body was read and judged, not refused for its type.
    expect((await login(type)).status).toBe(401);
  },
);

it.each(['application/json+xml', 'application/jsonp', 'text/plain', 'application/+jsonx'])(
  'refuses a JSON route’s body sent as %j with 415',
  async (type) => {
    const res = await login(type);
    expect(res.status).toBe(415);
    expect(await errorText(res)).toBe('Please send the request as JSON (Content-Type: application/json).');
  },
);
