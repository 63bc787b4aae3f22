// A database that cannot be reached (down, restarting, out of connections) is an outage, not the client's
// error and not a bug: every call answers 503 with Retry-After in the contract's shape, never a 500.
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { loadConfig } from '#server/config';
import { openPostgresDatabase } from '#server/db/database';
import { DATABASE_UNAVAILABLE_TEXT, onError } from '#server/http/errors';
import {
  ORDER,
  closeAfterAll,
  createCapturedLog,
  createDataDir,
  createStaticDir,
  errorText,
  form,
  jsonInit,
} from './helpers';

const { log, lines } = createCapturedLog();
// Port 1 on loopback: nothing listens there, so every connection is refused at once.
const DOWN = 'postgres://postgres@127.0.0.1:1/storefront';
const db = openPostgresDatabase(DOWN);
const app = closeAfterAll(
  createApp({
    db,
    config: { ...loadConfig({}), DATABASE_URL: DOWN, DATA_DIR: createDataDir(), STATIC_DIR: createStaticDir() },
    log,
  }),
);
afterAll(async () => {
  await app.close();
  await db.destroy();
});

describe('a database that cannot be reached', () => {
  it('makes every kind of call answer 503 with Retry-After, and is logged as an outage', async () => {
    const calls: Array<[string, RequestInit]> = [
      [
        '/api/auth/register/email',
        { method: 'POST', body: form({ name: 'Ada', email: 'ada@example.com', password: 'correct horse battery' }) },
      ],
      ['/api/auth/login/email', jsonInit('POST', { email: 'ada@example.com', password: 'correct horse battery' })],
      ['/api/users/authenticate', { headers: { Authorization: `Bearer ${'t'.repeat(43)}` } }],
      ['/api/invoices/create', jsonInit('POST', ORDER, { Authorization: `Bearer ${'t'.repeat(43)}` })],
      ['/api/users/password/forgot?email=ada%40example.com', {}],
    ];
    for (const [path, init] of calls) {
      const res = await app.request(path, init);
      expect(res.status, path).toBe(503);
      expect(res.headers.get('Retry-After'), path).toBe('5');
      expect(await errorText(res), path).toBe(DATABASE_UNAVAILABLE_TEXT);
    }
    const outages = lines.filter((line) => line.event === 'database.unavailable');
    expect(outages.map((line) => [line.level, line.msg])).toEqual(calls.map(() => [50, 'the database is unavailable']));
    expect(lines.some((line) => line.level >= 50 && line.event === 'request.failed')).toBe(false);
  });

  it("counts pg's connection losses without a code, SQLite's busy writer and PostgreSQL's shutdown as outages", async () => {
    const outages = [
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('connection failure'), { code: '08006' }),
    ];
    for (const outage of outages) {
      const probe = new Hono();
      probe.onError(onError(createCapturedLog().log));
      probe.get('/', () => {
        throw outage;
      });
      expect((await probe.request('/')).status, outage.message).toBe(503);
    }
    const probe = new Hono();
    probe.onError(onError(createCapturedLog().log));
    probe.get('/', () => {
      throw Object.assign(new Error('syntax error'), { code: '42601' });
    });
    expect((await probe.request('/')).status).toBe(500);
  });
});
