/**
 * A form body at the edges of reading it (server/http/body-read.ts): declared exactly as large as a route takes,
 * or one byte more; and bytes that are no form of the type they claim. The refusals by size and by field count
 * are in body-fields.test.ts.
 */
import { afterAll, expect, it } from 'vitest';
import { SMALL_BODY } from '#server/http/body-read';
import { cleanup, createTestServer, errorText } from './helpers';

afterAll(cleanup);
const { app } = await createTestServer();

const register = (body: string, headers: Record<string, string>) =>
  app.request('/api/auth/register/email', { method: 'POST', headers, body });

it('reads a form declared exactly as large as the route takes, and refuses one byte more', async () => {
  const form = (size: number) => {
    const start = 'email=a%40example.com&password=x&name=';
    return start + 'n'.repeat(size - start.length);
  };
  const urlencoded = (body: string) => ({
    'content-type': 'application/x-www-form-urlencoded',
    'content-length': String(body.length),
  });
  const atLimit = form(SMALL_BODY.maxBytes);
  const within = await register(atLimit, urlencoded(atLimit));
  // Read and judged by its fields (the name is far too long), not refused by its size.
  expect(within.status).toBe(400);
  const past = form(SMALL_BODY.maxBytes + 1);
  expect((await register(past, urlencoded(past))).status).toBe(413);
});

it('answers 400 in its own words to bytes that are no multipart form', async () => {
  const res = await register('this is not a multipart body', {
    'content-type': 'multipart/form-data; boundary=----edge',
  });
  expect(res.status).toBe(400);
  expect(await errorText(res)).toBe('The form data could not be read.');
});
