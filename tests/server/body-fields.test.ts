/**
 * Cheap refusals (server/http/body-read.ts): a body past its route's size, or a form with more fields than the
 * route has, is refused with 413 and our message before it is parsed; forms within the limits work as before.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { SMALL_BODY, formFieldCount } from '#server/http/body-read';
import { PASSWORD, cleanup, createTestServer, uniqueEmail } from './helpers';

afterAll(cleanup);
const { app } = await createTestServer();

async function expect413(res: Response, text: RegExp): Promise<void> {
  expect(res.status).toBe(413);
  expect(((await res.json()) as { message: { en: string } }).message.en).toMatch(text);
}

describe('a registration form', () => {
  it('of a hundred thousand fields in under a megabyte is refused by its size', async () => {
    const body = Array.from({ length: 110_000 }, (_, n) => `f${n}=1`).join('&');
    expect(body.length).toBeLessThan(1024 * 1024);
    await expect413(
      await app.request('/api/auth/register/email', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(body.length) },
        body,
      }),
      /too large \(at most 64 KB\)/,
    );
  });

  it('with more fields than a registration has is refused by its count, urlencoded or multipart', async () => {
    const fields = Array.from({ length: SMALL_BODY.maxFields + 1 }, (_, n) => [`f${n}`, 'x']);
    await expect413(
      await app.request('/api/auth/register/email', { method: 'POST', body: new URLSearchParams(fields) }),
      /too many fields \(at most 16\)/,
    );
    const multipart = new FormData();
    for (const [name, value] of fields) multipart.append(name!, value!);
    await expect413(
      await app.request('/api/auth/register/email', { method: 'POST', body: multipart }),
      /too many fields/,
    );
  });

  it('within the limits registers as before', async () => {
    const form = new FormData();
    form.append('name', 'Grace Hopper');
    form.append('email', uniqueEmail('fields'));
    form.append('password', PASSWORD);
    expect((await app.request('/api/auth/register/email', { method: 'POST', body: form })).status).toBe(201);
  });
});

it('refuses a JSON body past 64 KB before parsing it', async () => {
  const body = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(70 * 1024) });
  await expect413(
    await app.request('/api/auth/login/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    }),
    /too large/,
  );
});

describe('formFieldCount', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  it('counts pairs of a urlencoded form and parts of a multipart one', () => {
    expect(formFieldCount(bytes(''), 'application/x-www-form-urlencoded')).toBe(0);
    expect(formFieldCount(bytes('a=1'), 'application/x-www-form-urlencoded')).toBe(1);
    expect(formFieldCount(bytes('a=1&b=2&c'), 'application/x-www-form-urlencoded')).toBe(3);
    const part = (name: string) => `--XyZ\r\nContent-Disposition: form-data; name="${name}"\r\n\r\nv\r\n`;
    expect(formFieldCount(bytes(`${part('a')}${part('b')}--XyZ--\r\n`), 'multipart/form-data; boundary=XyZ')).toBe(2);
    expect(formFieldCount(bytes(`${part('a')}--XyZ--`), 'multipart/form-data; boundary="XyZ"')).toBe(1);
  });
});
