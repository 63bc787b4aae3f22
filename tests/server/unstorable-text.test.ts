// Text PostgreSQL refuses to hold (a NUL character) is the client's error: 400 in the contract's shape, or
// "not found" where it stood for an id, on both databases alike.
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { onError } from '#server/http/errors';
import { cleanup, createCapturedLog, createTestServer, errorText } from './helpers';

afterAll(cleanup);

const { app } = await createTestServer();

describe('text no field can hold', () => {
  it('is "not found" where it stands for an id in the path', async () => {
    for (const path of ['/api/avatars/%00', '/pay/sandbox/%00', '/pay/sandbox/a%00b']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
    }
    const pay = await app.request('/pay/sandbox/%00/pay', { method: 'POST', body: new URLSearchParams({ sig: 'x' }) });
    expect(pay.status).toBe(404);
  });

  it("is answered 400 when the database refuses it elsewhere (PostgreSQL's 22021 and 22P05), and logged as a warning", async () => {
    for (const code of ['22021', '22P05']) {
      const { log, lines } = createCapturedLog();
      const probe = new Hono();
      probe.onError(onError(log));
      probe.get('/', () => {
        throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code });
      });
      const res = await probe.request('/');
      expect(res.status).toBe(400);
      expect(await errorText(res)).toBe('The request could not be understood.');
      expect(lines.map((line) => [line.level, line.event, line.msg])).toEqual([
        [40, 'request.unstorable_text', 'the request held text the database refuses'],
      ]);
    }
  });
});
