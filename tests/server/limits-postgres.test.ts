/**
 * The limits' PostgreSQL store (server/limits/postgres.ts) on a real throw-away PostgreSQL: instances on one
 * DATABASE_URL share their counters, start together safely on an empty database, sweep ended windows, close
 * everything they opened, and fail a request the usual way when the database cannot be reached.
 */
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '#server/app';
import { loadConfig } from '#server/config';
import { openDatabase } from '#server/db/database';
import { migrate } from '#server/db/migrate';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_TEXT } from '#server/http/errors';
import { type LimitSpec, createLimit } from '#server/limits/limit';
import {
  CREATE_TABLE_LOCK,
  LIMITS_APPLICATION_NAME,
  POSTGRES_LIMITS_TABLE,
  openPostgresLimitStore,
} from '#server/limits/postgres';
import { type LimitStore, openLimitStore } from '#server/limits/store';
import {
  cleanup,
  closeAfterAll,
  createCapturedLog,
  createDataDir,
  createStaticDir,
  errorText,
  login,
  uniqueEmail,
} from './helpers';
import { clusterForFile } from './postgres';

const LOGIN_ADDRESS_LIMIT: LimitSpec = { name: 'login.address', keyKind: 'address', points: 5, durationSeconds: 60 };

/** One query on a connection of its own (not the store's), closed again. */
async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const storeConnections = async (url: string) =>
  Number(
    (
      await query<{ count: string }>(
        url,
        'SELECT count(*) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
        [LIMITS_APPLICATION_NAME],
      )
    )[0]!.count,
  );

const storedKeys = async (url: string) =>
  (await query<{ key: string }>(url, `SELECT key FROM ${POSTGRES_LIMITS_TABLE} ORDER BY key`)).map((row) => row.key);

/** A loopback port nothing listens on: connecting to it is refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the limits on PostgreSQL', () => {
  const started = clusterForFile();
  const stores: LimitStore[] = [];
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await cleanup();
  });
  /** The store a server instance opens with DATABASE_URL set (its DATA_DIR unused). */
  const instance = (url: string) => {
    const store = openLimitStore({ DATA_DIR: ':memory:', DATABASE_URL: url });
    stores.push(store);
    return store;
  };
  const database = async () => (await started()).createDatabase();

  it('is one counter for every instance on the same DATABASE_URL, cut when their total passes the limit', async () => {
    const url = await database();
    const first = instance(url);
    const one = createLimit(first, LOGIN_ADDRESS_LIMIT);
    const two = createLimit(instance(url), LOGIN_ADDRESS_LIMIT);
    for (let i = 0; i < 3; i += 1) expect(await one.take('192.0.2.1')).toEqual({ taken: true });
    for (let i = 0; i < 2; i += 1) expect(await two.take('192.0.2.1')).toEqual({ taken: true });
    // Five taken across both instances: the next is refused by either, logged (firstRefusal) only once.
    expect(await one.take('192.0.2.1')).toMatchObject({ taken: false, firstRefusal: true });
    expect(await two.take('192.0.2.1')).toMatchObject({ taken: false, firstRefusal: false });
    // A reset through one instance frees the key for the other.
    await two.reset('192.0.2.1');
    expect(await one.take('192.0.2.1')).toEqual({ taken: true });

    // A burst spread over both at once: exactly the limit gets through.
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? one : two).take('192.0.2.2')));
    expect(burst.filter((taking) => taking.taken)).toHaveLength(LOGIN_ADDRESS_LIMIT.points);

    // The counters are in PostgreSQL, under the limit's name and a hash of the key, never the address itself.
    const keys = await storedKeys(url);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).toMatch(/^login\.address:[\w-]{27}$/);

    // A restarted instance (closed, opened again) still counts where it left off.
    await first.close();
    expect(await createLimit(instance(url), LOGIN_ADDRESS_LIMIT).take('192.0.2.2')).toMatchObject({ taken: false });
  });

  it('works for instances starting together on an empty database (the table is made once)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const url = await database();
      const limits = Array.from({ length: 8 }, () =>
        createLimit(instance(url), { ...LOGIN_ADDRESS_LIMIT, points: 100 }),
      );
      // Taken at once, before any store has had time to make the table.
      const takings = await Promise.all(limits.map((limit) => limit.take('192.0.2.3')));
      expect(takings).toEqual(limits.map(() => ({ taken: true })));
      const [row] = await query<{ points: number }>(url, `SELECT points FROM ${POSTGRES_LIMITS_TABLE}`);
      expect(row!.points).toBe(8);
    }
  });

  it('makes a request that arrives while the table is being made wait for it, not fail', async () => {
    const url = await database();
    // Another instance holds the lock the creation takes: this one cannot make the table yet.
    const other = new pg.Client(url);
    await other.connect();
    try {
      await other.query(`SELECT pg_advisory_lock(${CREATE_TABLE_LOCK})`);
      let settled = false;
      const taking = createLimit(instance(url), LOGIN_ADDRESS_LIMIT)
        .take('192.0.2.4')
        .finally(() => (settled = true));
      await sleep(300);
      expect(settled).toBe(false);
      const { rows } = await other.query('SELECT to_regclass($1) AS found', [POSTGRES_LIMITS_TABLE]);
      expect(rows[0].found).toBeNull();
      await other.query(`SELECT pg_advisory_unlock(${CREATE_TABLE_LOCK})`);
      expect(await taking).toEqual({ taken: true });
    } finally {
      await other.end();
    }
  });

  it('makes the table on a later request when the database was not there at start', async () => {
    const { url: existing } = await started();
    const name = `limits_later_${process.pid}`;
    const url = existing.replace(/[^/]+$/, name);
    const limit = createLimit(instance(url), LOGIN_ADDRESS_LIMIT);
    await expect(limit.take('192.0.2.9')).rejects.toMatchObject({ code: '3D000' });
    await query(existing, `CREATE DATABASE ${name}`);
    expect(await limit.take('192.0.2.9')).toEqual({ taken: true });
    expect(await storedKeys(url)).toHaveLength(1);
  });

  it('sweeps ended windows and keeps running ones', async () => {
    const url = await database();
    const store = openPostgresLimitStore(url, { sweepIntervalMs: 50 });
    stores.push(store);
    await createLimit(store, LOGIN_ADDRESS_LIMIT).take('192.0.2.5');
    const [running] = await storedKeys(url);
    await query(url, `INSERT INTO ${POSTGRES_LIMITS_TABLE} VALUES ('test:ended', 3, $1), ('test:just-ended', 1, $2)`, [
      Date.now() - 60_000,
      Date.now() - 1,
    ]);
    await expect.poll(() => storedKeys(url), { timeout: 5_000 }).toEqual([running]);
  });

  it('close() stops the sweep and ends every connection; no library timer is left behind', async () => {
    const url = await database();
    const intervals = vi.spyOn(globalThis, 'setInterval');
    const cleared = vi.spyOn(globalThis, 'clearInterval');
    const timeouts = vi.spyOn(globalThis, 'setTimeout');
    try {
      const store = openPostgresLimitStore(url, { sweepIntervalMs: 60_000 });
      const sweep = intervals.mock.results[intervals.mock.calls.findIndex(([, ms]) => ms === 60_000)]!
        .value as NodeJS.Timeout;
      // Never keeps the process alive, even before close().
      expect(sweep.hasRef()).toBe(false);
      const limit = createLimit(store, LOGIN_ADDRESS_LIMIT);
      expect(await limit.take('192.0.2.6')).toEqual({ taken: true });
      // rate-limiter-flexible's own sweep (every 5 minutes, never stoppable) is off.
      expect(timeouts.mock.calls.filter(([, ms]) => ms === 300_000)).toEqual([]);
      expect(await storeConnections(url)).toBeGreaterThan(0);

      await store.close();
      expect(cleared).toHaveBeenCalledWith(sweep);
      await expect.poll(() => storeConnections(url), { timeout: 5_000 }).toBe(0);
      // A closed store fails its limiters (the app is shutting down), and closing again is harmless.
      await expect(limit.take('192.0.2.6')).rejects.toBeInstanceOf(Error);
      await store.close();
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('fails a limit on an unreachable database as an outage: a 503 with Retry-After, no unhandled rejection', async () => {
    const url = `postgres://postgres@127.0.0.1:${await closedPort()}/nowhere`;
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const limit = createLimit(instance(url), LOGIN_ADDRESS_LIMIT);
      // The store's own attempt to make the table at start fails meanwhile, with no request waiting on it.
      await sleep(200);
      const failure: unknown = await limit.take('192.0.2.7').then(
        () => 'taken',
        (error: unknown) => error,
      );
      // Not a refusal (a RateLimiterRes would be a 429): the store failed, and the request does not pass.
      expect(failure).toBeInstanceOf(Error);
      expect(failure).not.toBeInstanceOf(RateLimiterRes);
      expect((failure as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');
      await expect(limit.giveBack('192.0.2.7')).rejects.toBeInstanceOf(Error);

      // Through the app (its main data in SQLite, so only the limits' store is down): the outage's 503.
      const db = openDatabase(':memory:');
      await migrate(db);
      closeAfterAll({ close: () => db.destroy() });
      const captured = createCapturedLog();
      const config = { ...loadConfig({}), STATIC_DIR: createStaticDir(), DATA_DIR: createDataDir(), DATABASE_URL: url };
      const app = closeAfterAll(createApp({ db, config, log: captured.log }));
      const res = await login(app, uniqueEmail('down'), 'some password', '192.0.2.8');
      expect(res.status).toBe(503);
      expect(res.headers.get('Retry-After')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(await errorText(res)).toBe(DATABASE_UNAVAILABLE_TEXT);
      expect(captured.lines.filter((line) => line.event === 'database.unavailable')).toHaveLength(1);

      await sleep(100);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
