/**
 * GET /api/health as the load balancer sees it: 200 while serving with a database that answers; 503 with the
 * error shape once draining, or while the database fails or does not answer in time. Never a 500, never a hang.
 */
import { type Server, type Socket, createServer } from 'node:net';
import { is } from 'superstruct';
import { afterAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '#domain/contract';
import { createApp } from '#server/app';
import { loadConfig } from '#server/config';
import { openDatabase, openPostgresDatabase } from '#server/db/database';
import { migrate } from '#server/db/migrate';
import type { Readiness } from '#server/http/drain';
import { DATABASE_UNREACHABLE_TEXT, DRAINING_TEXT, HEALTH_DATABASE_TIMEOUT_MS } from '#server/site/health';
import { cleanup, closeAfterAll, createCapturedLog, createDataDir, createStaticDir, createTestServer } from './helpers';
import { clusterForFile } from './postgres';

afterAll(cleanup);

/** An app over `db` whose readiness the test holds, and its captured log. */
function appOver(db: Parameters<typeof createApp>[0]['db']) {
  const readiness: Readiness = { draining: false };
  const config = { ...loadConfig({}), STATIC_DIR: createStaticDir(), DATA_DIR: createDataDir() };
  const captured = createCapturedLog();
  const app = closeAfterAll(createApp({ db, config, log: captured.log, readiness }));
  return { app, readiness, lines: captured.lines };
}

async function health(app: { request(path: string): Response | Promise<Response> }) {
  const res = await app.request('/api/health');
  return { res, body: (await res.json()) as Record<string, unknown> };
}

function expectUnreachable(res: Response, body: Record<string, unknown>) {
  expect(res.status).toBe(503);
  expect(body).toEqual({
    status: 'unavailable',
    database: 'unreachable',
    message: { en: DATABASE_UNREACHABLE_TEXT },
  });
  expect(res.headers.get('Retry-After')).toMatch(/^\d+$/);
  expect(res.headers.get('Cache-Control')).toBe('no-store');
}

const unreachableReason = (lines: ReturnType<typeof createCapturedLog>['lines']) =>
  lines.find((line) => line.event === 'health.database_unreachable')?.reason;

/** A PostgreSQL address that accepts connections and never answers, and the sockets it accepted. */
async function silentDatabase() {
  const server: Server = createServer();
  const sockets: Socket[] = [];
  server.on('connection', (socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const db = openPostgresDatabase(`postgres://nobody@127.0.0.1:${port}/nothing`);
  const close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
    await db.destroy().catch(() => {});
  };
  return { server, sockets, db, close };
}

describe('GET /api/health', () => {
  it('answers 200 ok, uncached, while serving with a database that answers', async () => {
    const { app } = await createTestServer();
    const { res, body } = await health(app);
    expect(res.status).toBe(200);
    expect(body).toEqual({ status: 'ok', database: 'ok' });
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });

  it('answers 503 draining, in the error shape, once the drain has begun', async () => {
    const db = openDatabase(':memory:');
    await migrate(db);
    const { app, readiness } = appOver(db);
    expect((await health(app)).res.status).toBe(200);

    readiness.draining = true;
    const { res, body } = await health(app);
    expect(res.status).toBe(503);
    expect(body).toEqual({ status: 'draining', message: { en: DRAINING_TEXT } });
    expect(is(body, ErrorBody)).toBe(true);
    expect(res.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    await db.destroy();
  });

  it('answers 503 database unreachable, not 500, when the database is closed', async () => {
    const db = openDatabase(':memory:');
    await migrate(db);
    const { app, lines } = appOver(db);
    await db.destroy();

    const { res, body } = await health(app);
    expectUnreachable(res, body);
    expect(is(body, ErrorBody)).toBe(true);
    // Why, for the operator: in the log, never in the answer.
    expect(unreachableReason(lines)).toEqual(expect.any(String));
    expect(lines.find((line) => line.event === 'health.database_unreachable')?.msg).toBe(
      'health: database unreachable',
    );
    expect(JSON.stringify(body)).not.toMatch(/destroyed|closed|sqlite/i);
  });

  it('answers 503 database unreachable while the process waits for its database to migrate', async () => {
    const db = openDatabase(':memory:');
    await migrate(db);
    const { app, readiness } = appOver(db);
    readiness.waitingForDatabase = true;
    const { res, body } = await health(app);
    // The database answers by now, but the instance cannot serve until it has migrated.
    expectUnreachable(res, body);
    readiness.waitingForDatabase = false;
    expect((await health(app)).res.status).toBe(200);
    await db.destroy();
  });

  it('leaves no timer behind once the database has answered', async () => {
    const { app } = await createTestServer();
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    expect((await health(app)).res.status).toBe(200);
    const before = timers();
    expect((await health(app)).res.status).toBe(200);
    // A bound left running would keep the process alive for its 2 s after every check.
    expect(timers()).toBe(before);
  });

  it('does not wait for a database that never answers: 503 after its own bound', async () => {
    // Accepts PostgreSQL connections and never says a word: pg itself would wait 10 s for the handshake.
    const silent = await silentDatabase();
    const { app, lines } = appOver(silent.db);
    try {
      const { res, body } = await health(app);
      expectUnreachable(res, body);
      // Cut off by the health check's bound, not by pg's own timeout or an error.
      expect(silent.sockets.length).toBeGreaterThan(0);
      expect(unreachableReason(lines)).toBe(`no answer within ${HEALTH_DATABASE_TIMEOUT_MS} ms`);
    } finally {
      await silent.close();
    }
  });

  it('answers draining at once, without asking the database', async () => {
    const silent = await silentDatabase();
    const { app, readiness, lines } = appOver(silent.db);
    try {
      readiness.draining = true;
      const { res, body } = await health(app);
      expect(res.status).toBe(503);
      expect(body).toEqual({ status: 'draining', message: { en: DRAINING_TEXT } });
      // A database that does not answer would have held the answer back for the whole bound.
      expect(silent.sockets).toEqual([]);
      expect(unreachableReason(lines)).toBeUndefined();
    } finally {
      await silent.close();
    }
  });

  it('answers draining, not database unreachable, when the drain begins while the database is asked', async () => {
    const silent = await silentDatabase();
    const { app, readiness, lines } = appOver(silent.db);
    silent.server.on('connection', () => (readiness.draining = true));
    try {
      const { res, body } = await health(app);
      expect(silent.sockets.length).toBeGreaterThan(0);
      expect(res.status).toBe(503);
      expect(body).toEqual({ status: 'draining', message: { en: DRAINING_TEXT } });
      expect(unreachableReason(lines)).toBeUndefined();
    } finally {
      await silent.close();
    }
  });
});

describe('GET /api/health on PostgreSQL', () => {
  const started = clusterForFile();

  it('answers ok while PostgreSQL runs, and 503 database unreachable (not a hang) once it is stopped', async () => {
    const pg = await started();
    const db = openPostgresDatabase(pg.url);
    await migrate(db);
    const { app, lines } = appOver(db);
    try {
      const up = await health(app);
      expect(up.res.status).toBe(200);
      expect(up.body).toEqual({ status: 'ok', database: 'ok' });

      await pg.stop({ outage: true });
      const down = await health(app);
      expectUnreachable(down.res, down.body);
      expect(unreachableReason(lines)).toEqual(expect.any(String));
    } finally {
      await db.destroy().catch(() => {});
    }
  });
});
