/**
 * The size the app-wide body limit names in its answer (BODY_LIMIT_BYTES, server/http/body-limit.ts): an operator
 * may set it below a megabyte or to a fraction of one, and the answer must still tell the truth about it.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { limitBody } from '#server/http/body-limit';
import { errorText } from './helpers';

async function refusal(maxBytes: number): Promise<{ status: number; text: string }> {
  const app = new Hono().post('/', limitBody(maxBytes), (c) => c.text('read'));
  const res = await app.request('/', { method: 'POST', body: new Uint8Array(maxBytes + 1) });
  return { status: res.status, text: await errorText(res) };
}

describe('the words of the app-wide body limit', () => {
  it.each([
    [1024 * 1024, '1 MB'],
    [1.5 * 1024 * 1024, '1.5 MB'],
    [2_000_000, '1.9 MB'],
    [512 * 1024, '512 KB'],
    [1_000, '1 KB'],
  ])('names a limit of %i bytes as %s', async (maxBytes, size) => {
    expect(await refusal(maxBytes)).toEqual({ status: 413, text: `The request is too large (at most ${size}).` });
  });

  it('lets a body of exactly the limit through', async () => {
    const app = new Hono().post('/', limitBody(512 * 1024), (c) => c.text('read'));
    const res = await app.request('/', { method: 'POST', body: new Uint8Array(512 * 1024) });
    expect(await res.text()).toBe('read');
  });
});
