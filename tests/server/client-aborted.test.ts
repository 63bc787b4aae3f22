/**
 * When a failed request counts as a client that went away (server/http/client-aborted.ts), case by case: only a
 * request that came over a socket, did not arrive whole, and whose connection is torn down or whose signal says so.
 * client-abort.test.ts shows the same over real sockets.
 */
import type { Context } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientAborted } from '#server/http/client-aborted';

function context(env: unknown, aborted = false): Context {
  return { env, req: { raw: { signal: { aborted } } } } as unknown as Context;
}

describe('a client that went away', () => {
  it('is one whose request did not arrive whole and whose connection is gone or whose signal aborted', () => {
    expect(clientAborted(context({ incoming: { complete: false, destroyed: true } }))).toBe(true);
    expect(clientAborted(context({ incoming: { complete: false, destroyed: false } }, true))).toBe(true);
  });

  it('is not one still connected, nor one whose request arrived whole, nor a request without a socket', () => {
    expect(clientAborted(context({ incoming: { complete: false, destroyed: false } }))).toBe(false);
    expect(clientAborted(context({ incoming: { complete: false } }))).toBe(false);
    expect(clientAborted(context({ incoming: { complete: true, destroyed: true } }, true))).toBe(false);
    expect(clientAborted(context({ incoming: { destroyed: true } }, true))).toBe(false);
    for (const env of [undefined, null, 'incoming', {}, { incoming: undefined }])
      expect(clientAborted(context(env, true)), JSON.stringify(env)).toBe(false);
  });
});
