/** The parts of server/limits on their own: keys, counting, giving back, refusals, and the work queue. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { Hono } from 'hono';
import { addressLimitKey, clientAddress } from '#server/http/client-address';
import { HttpError } from '#server/http/errors';
import { charge } from '#server/limits/charge';
import { type LimitSpec, createLimit } from '#server/limits/limit';
import { BUSY_TEXT, LimitRefused, tooManyAttempts } from '#server/limits/responses';
import { type LimitStore, openLimitStore, sqliteLimitStore } from '#server/limits/store';
import { LIMITS_FILE, batchPerTurn, deleteExpired, openLimitsDatabase } from '#server/limits/sqlite-repository';
import { createWorkQueue } from '#server/limits/work-queue';
import { createCapturedLog } from './helpers';

const stores: LimitStore[] = [];
afterAll(async () => {
  for (const store of stores) await store.close();
});

function memoryLimit(spec: Partial<LimitSpec> = {}) {
  const store = openLimitStore({ DATA_DIR: ':memory:' });
  stores.push(store);
  return createLimit(store, { name: 'test', keyKind: 'address', points: 2, durationSeconds: 60, ...spec });
}

describe('the SQLite store', () => {
  it("compiles each of the limiter's statements once, however many requests it counts", async () => {
    const sqlite = openLimitsDatabase(':memory:');
    const store = sqliteLimitStore(sqlite);
    stores.push(store);
    const prepare = vi.spyOn(sqlite, 'prepare');
    const limit = createLimit(store, { name: 'count', keyKind: 'address', points: 50, durationSeconds: 60 });
    for (let i = 0; i < 40; i += 1) expect(await limit.take(`key ${i % 3}`)).toEqual({ taken: true });
    await limit.giveBack('key 0');
    // One upsert and one reward (an upsert too, with other values): a single SQL text, compiled once.
    expect(prepare).toHaveBeenCalledTimes(1);
    // Counted all the same: key 0 took 14 and gave one back.
    const row = sqlite.prepare('SELECT points FROM limits').all() as Array<{ points: number }>;
    expect(row.map(({ points }) => points).sort((a, b) => a - b)).toEqual([13, 13, 13]);
  });

  it('commits the counts of one turn of the event loop together, right after it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'storefront-limits-'));
    const sqlite = openLimitsDatabase(dir);
    const store = sqliteLimitStore(sqlite);
    stores.push(store);
    const limit = createLimit(store, { name: 'turn', keyKind: 'address', points: 2, durationSeconds: 60 });
    const other = new SQLite(join(dir, LIMITS_FILE), { readonly: true });
    const counts = () => other.prepare('SELECT points FROM limits ORDER BY points').pluck().all();
    try {
      // Counted at once for this process: the third take of one key in the same turn is refused.
      const takings = await Promise.all([limit.take('a'), limit.take('b'), limit.take('a'), limit.take('a')]);
      expect(takings.map((taking) => taking.taken)).toEqual([true, true, true, false]);
      expect(sqlite.inTransaction).toBe(true);
      expect(counts()).toEqual([]);
      await new Promise((resolve) => setImmediate(resolve));
      expect(sqlite.inTransaction).toBe(false);
      expect(counts()).toEqual([1, 3]);
      // Closing commits a turn still open.
      expect(await limit.take('b')).toEqual({ taken: true });
      await store.close();
      expect(counts()).toEqual([2, 3]);
    } finally {
      other.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the SQLite store, underneath', () => {
  it('sweeps only the counters whose window ended before the grace', () => {
    const sqlite = openLimitsDatabase(':memory:');
    try {
      const insert = sqlite.prepare('INSERT INTO limits (key, points, expire) VALUES (?, 1, ?)');
      for (const [key, expire] of [
        ['ended long ago', 1_000],
        ['ended just now', 9_500],
        ['open', 20_000],
      ] as const)
        insert.run(key, expire);
      expect(deleteExpired(sqlite, 10_000, 1_000)).toBe(1);
      expect(sqlite.prepare('SELECT key FROM limits ORDER BY key').pluck().all()).toEqual(['ended just now', 'open']);
      expect(deleteExpired(sqlite, 10_000, 0)).toBe(1);
      expect(sqlite.prepare('SELECT key FROM limits').pluck().all()).toEqual(['open']);
    } finally {
      sqlite.close();
    }
  });

  it('a turn whose commit fails is logged and undone, and the next turn starts afresh', () => {
    const sqlite = openLimitsDatabase(':memory:');
    try {
      // A commit that fails: a row breaking a foreign key checked only at the commit.
      sqlite.exec(`PRAGMA foreign_keys = ON;
        CREATE TABLE parent (id INTEGER PRIMARY KEY);
        CREATE TABLE child (parent_id INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED);`);
      const errors: unknown[] = [];
      const batch = batchPerTurn(sqlite, (error) => errors.push(error));
      batch.join();
      sqlite.prepare('INSERT INTO limits (key, points, expire) VALUES (?, 1, 1)').run('counted');
      sqlite.prepare('INSERT INTO child (parent_id) VALUES (1)').run();
      batch.commit();
      expect(errors).toMatchObject([{ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' }]);
      expect(sqlite.inTransaction).toBe(false);
      expect(sqlite.prepare('SELECT count(*) FROM limits').pluck().get()).toBe(0);
      batch.join();
      sqlite.prepare('INSERT INTO limits (key, points, expire) VALUES (?, 1, 1)').run('next');
      batch.commit();
      expect(sqlite.prepare('SELECT key FROM limits').pluck().all()).toEqual(['next']);
    } finally {
      sqlite.close();
    }
  });
});

describe('addressLimitKey', () => {
  it.each([
    ['192.0.2.1', '192.0.2.1'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['::FFFF:c000:0201', '192.0.2.1'],
    ['0:0:0:0:0:ffff:192.0.2.1', '192.0.2.1'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['[2001:db8:1:2::9]', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
    // A dotted tail with numbers of more than one digit in each place.
    ['::ffff:192.168.100.10', '192.168.100.10'],
    // The zeros of `::` go between the groups before it and those after it, as many as are missing.
    ['1::2:3:4:5:6:7', '1:0:2:3::/64'],
    // Mapped only when all five first groups are zero and the sixth is ffff.
    ['0:1:0:0:0:ffff:c000:201', '0:1:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['unknown', 'unknown'],
  ])('counts %s as %s', (address, key) => {
    expect(addressLimitKey(address)).toBe(key);
  });
});

describe('clientAddress', () => {
  const app = new Hono().get('/', (c) => c.text(clientAddress(c, c.req.query('trust') === '1')));
  const from = async (forwarded: string, trust = '1') =>
    (await app.request(`/?trust=${trust}`, { headers: { 'x-forwarded-for': forwarded } })).text();

  it('takes the last address the proxy appended, trimmed, skipping empty entries', async () => {
    expect(await from('198.51.100.1, 203.0.113.9')).toBe('203.0.113.9');
    expect(await from('198.51.100.1,  203.0.113.9 , ')).toBe('203.0.113.9');
  });

  it('ignores the header when no proxy is trusted, and an empty one when one is', async () => {
    // In-process requests have no socket: they share the one key.
    expect(await from('203.0.113.9', '0')).toBe('unknown');
    expect(await from(' , ')).toBe('unknown');
  });
});

describe('the 429', () => {
  it.each([
    [1, '1 minute'],
    [600, '10 minutes'],
    [3540, '59 minutes'],
    [3600, '1 hour'],
    [86_400, '24 hours'],
  ])('after %i seconds says "%s" and Retry-After in seconds', (seconds, wait) => {
    const error = tooManyAttempts(seconds);
    expect(error.status).toBe(429);
    expect(error.en).toBe(`Too many attempts. Please try again in ${wait}.`);
    expect(error.headers).toEqual({ 'Retry-After': String(seconds) });
  });
});

describe('charge', () => {
  afterEach(() => vi.useRealTimers());

  it('takes from each limit in order; a refusal gives back what it took before, logs once, and throws a 429', async () => {
    const { log, events } = createCapturedLog();
    const first = memoryLimit({ name: 'first', points: 10 });
    const second = memoryLimit({ name: 'second', keyKind: 'account', points: 1 });
    const both = [
      { limit: first, key: 'k' },
      { limit: second, key: 'k' },
    ];
    await charge(log, both);
    for (let i = 0; i < 3; i += 1) {
      const refusal = await charge(log, both, { address: '192.0.2.1' }).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(LimitRefused);
      expect((refusal as LimitRefused).limit.name).toBe('second');
      expect((refusal as LimitRefused).status).toBe(429);
    }
    // The refused requests took nothing from `first`: 1 of its 10 is used, 9 remain.
    for (let i = 0; i < 9; i += 1) expect(await first.take('k')).toEqual({ taken: true });
    expect((await first.take('k')).taken).toBe(false);
    expect(events().filter((e) => e.event === 'limit.exceeded')).toEqual([
      expect.objectContaining({ limit: 'second', keyKind: 'account', address: '192.0.2.1' }),
    ]);
  });

  it('gives the points back when the guarded work throws (it was never evaluated)', async () => {
    const { log } = createCapturedLog();
    const limit = memoryLimit({ points: 1 });
    const taken = await charge(log, [{ limit, key: 'k' }]);
    const busy = new HttpError(503, BUSY_TEXT);
    await expect(taken.guard(() => Promise.reject(busy))).rejects.toBe(busy);
    expect(await limit.take('k')).toEqual({ taken: true });
    expect((await limit.take('k')).taken).toBe(false);
  });

  it('giving back after the window ended leaves no free point for the next window', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const limit = memoryLimit({ points: 1, durationSeconds: 60 });
    expect(await limit.take('k')).toEqual({ taken: true });
    vi.setSystemTime(Date.now() + 61_000);
    await limit.giveBack('k');
    expect(await limit.take('k')).toEqual({ taken: true });
    const refused = await limit.take('k');
    expect(refused).toEqual({ taken: false, retryAfterSeconds: 60, firstRefusal: true, over: 1 });
  });
});

describe('the work queue', () => {
  function deferred() {
    let resolve!: () => void;
    const promise = new Promise<void>((done) => (resolve = done));
    return { promise, resolve };
  }

  it('runs at most `concurrency` at once, first come first served, and refuses beyond `maxWaiting` with 503', async () => {
    const overloads: unknown[] = [];
    const queue = createWorkQueue({
      concurrency: 2,
      maxWaiting: 2,
      retryAfterSeconds: 3,
      onOverload: (state) => overloads.push(state),
    });
    const gates = Array.from({ length: 4 }, deferred);
    const started: number[] = [];
    const runs = gates.map((gate, i) =>
      queue.run(async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect([queue.running, queue.waiting]).toEqual([2, 2]);

    for (let i = 0; i < 2; i += 1) {
      const refusal = await queue.run(async () => 'never').catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(HttpError);
      expect(refusal).toMatchObject({ status: 503, en: BUSY_TEXT, headers: { 'Retry-After': '3' } });
    }
    // One line per overload, not per refusal.
    expect(overloads).toEqual([{ running: 2, waiting: 2 }]);

    gates[1]!.resolve();
    await runs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('frees its place when a task fails', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 0, retryAfterSeconds: 1 });
    await expect(queue.run(() => Promise.reject(new Error('argon2 failed')))).rejects.toThrow('argon2 failed');
    expect(await queue.run(async () => 'next')).toBe('next');
  });
});
