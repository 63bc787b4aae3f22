/**
 * The database fails under real processes (docs/operating.md#when-the-database-fails): two instances of the real
 * server on one PostgreSQL, orders pouring into both. PostgreSQL crashes and comes back twice; its server ends
 * every connection (`pg_terminate_backend`); and an instance starts while it refuses connections. No instance
 * ends: each answers 503 while the database is away and 200 within seconds after, and every order answered 201
 * is in the database.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresDatabase } from '#server/db/database';
import type { Database } from '#server/db/schema';
import { type TestApp, bearer, createInvoice, register } from './helpers';
import { type TestPostgres, startPostgres } from './postgres';
import { type Running, startServer, stopSpawnedServers } from './spawned-server';

/** Long enough for a restarted PostgreSQL to recover and each pool to reconnect, on a busy two-core machine. */
const BACK_WITHIN_MS = 20_000;

let postgres: TestPostgres;
let db: Kysely<Database>;
let a: Running;
let b: Running;
let env: Record<string, string>;

/** The helpers' `app.request`, over the network to a running instance. */
function over(instance: Running): TestApp {
  const request = (path: string, init?: RequestInit) => fetch(`http://127.0.0.1:${instance.port}${path}`, init);
  return { request } as unknown as TestApp;
}

const health = (instance: Running) =>
  fetch(`http://127.0.0.1:${instance.port}/api/health`).then(
    (res) => res.status,
    () => 0,
  );

/** Waits until `instance`'s health answers `status`; fails with what it answered last. */
async function healthBecomes(instance: Running, status: number, timeoutMs = BACK_WITHIN_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = -1;
  while (Date.now() < deadline) {
    last = await health(instance);
    if (last === status) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`/api/health on port ${instance.port} answered ${last}, not ${status}, for ${timeoutMs} ms`);
}

const alive = (instance: Running) => instance.child.exitCode === null && instance.child.signalCode === null;

/**
 * Orders from every customer on both instances until `stop()`: counts what each customer was answered 201 for,
 * and every status seen. A fetch that fails (the connection reset) promised nothing.
 */
function orderLoad(customers: { token: string; user: { id: string } }[]) {
  const answered = new Map(customers.map(({ user }) => [user.id, 0]));
  const statuses = new Set<number>();
  let stopped = false;
  const client = async (instance: TestApp, index: number) => {
    const { token, user } = customers[index % customers.length]!;
    while (!stopped) {
      try {
        const res = await createInvoice(instance, token);
        statuses.add(res.status);
        if (res.status === 201) answered.set(user.id, answered.get(user.id)! + 1);
        await res.body?.cancel();
      } catch {
        statuses.add(0);
      }
      // A client that was refused waits a little, as a browser's retry would, instead of spinning.
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const running = Promise.all(
    [over(a), over(b)].flatMap((instance) => [0, 1, 2].map((index) => client(instance, index))),
  );
  return {
    answered,
    statuses,
    total: () => [...answered.values()].reduce((sum, count) => sum + count, 0),
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}

/** Every order answered 201 is stored. */
async function everyAnsweredOrderIsStored(answered: Map<string, number>): Promise<void> {
  for (const [userId, count] of answered) {
    const stored = await db.selectFrom('invoices').select('id').where('user_id', '=', userId).execute();
    expect(stored.length).toBeGreaterThanOrEqual(count);
  }
}

async function until(check: () => boolean, timeoutMs = BACK_WITHIN_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  // Durable, as in production: with the tests' usual shortcut (no fsync, no synchronous commit) a crash loses
  // the last commits by design, which says nothing about the server.
  postgres = await startPostgres({ durable: true });
  db = openPostgresDatabase(postgres.url);
  env = {
    DATABASE_URL: postgres.url,
    PUBLIC_URL: 'http://127.0.0.1:3000',
    // Every request of this file comes from 127.0.0.1: the limits must not be what refuses it.
    REGISTER_MAX_PER_ADDRESS_PER_HOUR: '100000',
    REGISTER_MAX_PER_HOUR: '100000',
    INVOICE_MAX_PER_ADDRESS_PER_HOUR: '1000000',
    INVOICE_MAX_PER_USER_PER_HOUR: '1000000',
  };
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
}, 60_000);

afterAll(async () => {
  await stopSpawnedServers();
  await db?.destroy();
  await postgres?.stop({ outage: true });
});

describe('two instances on one PostgreSQL', () => {
  it('survive two crashes under an order load: 503 while it is away, 200 after, every 201 kept', async () => {
    const customers = await Promise.all([1, 2, 3].map((n) => register(n % 2 ? over(a) : over(b))));
    const load = orderLoad(customers);
    try {
      for (const round of [1, 2]) {
        const before = load.total();
        await until(() => load.total() >= before + 20);
        await postgres.crash();
        await Promise.all([healthBecomes(a, 503), healthBecomes(b, 503)]);
        await postgres.restart();
        await Promise.all([healthBecomes(a, 200), healthBecomes(b, 200)]);
        expect([round, alive(a), alive(b)]).toEqual([round, true, true]);
      }
      // Both take orders again.
      const after = load.total();
      await until(() => load.total() >= after + 20);
    } finally {
      await load.stop();
      // Up for the next test, whatever happened here.
      await postgres.restart().catch(() => undefined);
    }
    expect(alive(a) && alive(b)).toBe(true);
    // While the database was away the answer was 503 (never a 500), and no connection was dropped unanswered.
    expect([...load.statuses].sort()).toEqual([201, 503]);
    await everyAnsweredOrderIsStored(load.answered);
  }, 120_000);

  it("survive their connections being ended by the database's server", async () => {
    const customer = await register(over(a));
    const load = orderLoad([customer]);
    try {
      await until(() => load.total() >= 10);
      for (const round of [1, 2, 3]) {
        const { rows } = await sql<{ ended: number }>`
          SELECT count(pg_terminate_backend(pid))::int AS ended FROM pg_stat_activity
          WHERE pid <> pg_backend_pid() AND backend_type = 'client backend'`.execute(db);
        expect([round, rows[0]!.ended > 0]).toEqual([round, true]);
        const before = load.total();
        await until(() => load.total() >= before + 10);
      }
    } finally {
      await load.stop();
    }
    expect(alive(a) && alive(b)).toBe(true);
    expect(load.statuses.has(500)).toBe(false);
    await Promise.all([healthBecomes(a, 200), healthBecomes(b, 200)]);
    expect((await over(b).request('/api/invoices/my', { headers: bearer(customer.token) })).status).toBe(200);
    await everyAnsweredOrderIsStored(load.answered);
  }, 120_000);

  it('an instance started while the database refuses connections waits, answering 503, and serves once it is up', async () => {
    await postgres.crash();
    const late = await startServer(env);
    try {
      await healthBecomes(late, 503);
      expect(alive(late)).toBe(true);
      await postgres.restart();
      await healthBecomes(late, 200);
      const customer = await register(over(late));
      expect((await createInvoice(over(late), customer.token)).status).toBe(201);
    } finally {
      // The cluster is up again for whatever runs after.
      await postgres.restart().catch(() => undefined);
    }
  }, 120_000);
});
