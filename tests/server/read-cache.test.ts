/**
 * The read cache (server/db/read-cache.ts) on a real SQLite file: it answers from memory only while the
 * database has not changed, whoever changed it (this connection, another one, a transaction still open), and
 * reads through where it cannot tell (a transaction, a database it does not track).
 */
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { loadConfig } from '#server/config';
import { DATABASE_FILE, openDatabase } from '#server/db/database';
import { changeStamp, trackChanges } from '#server/db/change-stamp';
import { migrate } from '#server/db/migrate';
import { createReadCache } from '#server/db/read-cache';
import {
  authenticate,
  bearer,
  cleanup,
  closeAfterAll,
  createDataDir,
  createInvoice,
  createStaticDir,
  createTestClock,
  destroyAfterAll,
  register,
} from './helpers';

afterAll(cleanup);

/** A migrated database in a fresh DATA_DIR, a second connection to the same file, and a table to write. */
async function twoConnections() {
  const dataDir = createDataDir();
  const db = openDatabase(dataDir);
  await migrate(db);
  await sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)`.execute(db);
  await sql`INSERT INTO notes (id, text) VALUES (1, 'first')`.execute(db);
  const other = new SQLite(join(dataDir, DATABASE_FILE));
  return {
    db,
    other,
    async close() {
      other.close();
      await db.destroy();
    },
  };
}

/** A cached read of note 1 that counts how often it went to the database. */
function countingRead(db: Parameters<typeof createReadCache>[0]) {
  const cache = createReadCache<number, string>(db, { maxEntries: 10 });
  const counted = { loads: 0 };
  const read = () =>
    cache.read(1, async () => {
      counted.loads += 1;
      const { rows } = await sql<{ text: string }>`SELECT text FROM notes WHERE id = 1`.execute(db as never);
      return rows[0]?.text;
    });
  return { read, counted };
}

describe('the read cache', () => {
  it('answers from memory until this connection writes, then reads the new value', async () => {
    const { db, close } = await twoConnections();
    try {
      const { read, counted } = countingRead(db);
      expect(await read()).toBe('first');
      expect(await read()).toBe('first');
      expect(counted.loads).toBe(1);

      await sql`UPDATE notes SET text = 'second' WHERE id = 1`.execute(db);
      expect(await read()).toBe('second');
      expect(counted.loads).toBe(2);
    } finally {
      await close();
    }
  });

  it('reads afresh after another connection (another process) commits', async () => {
    const { db, other, close } = await twoConnections();
    try {
      const { read, counted } = countingRead(db);
      expect(await read()).toBe('first');
      other.prepare(`UPDATE notes SET text = 'from elsewhere' WHERE id = 1`).run();
      expect(await read()).toBe('from elsewhere');
      expect(counted.loads).toBe(2);
    } finally {
      await close();
    }
  });

  it('does not answer from memory while a transaction of this connection has written, nor after it commits', async () => {
    const { db, close } = await twoConnections();
    try {
      const { read, counted } = countingRead(db);
      expect(await read()).toBe('first');
      const trx = await db.startTransaction().execute();
      await sql`UPDATE notes SET text = 'pending' WHERE id = 1`.execute(trx);
      // The read waits for the connection, which the transaction holds: it may not answer 'first' from memory
      // and then keep it as if nothing had changed.
      const during = read();
      await trx.commit().execute();
      expect(await during).toBe('pending');
      expect(await read()).toBe('pending');
      expect(counted.loads).toBe(2);
    } finally {
      await close();
    }
  });

  it('does not keep a value read before a change that another read has seen meanwhile', async () => {
    const { db, other, close } = await twoConnections();
    try {
      const cache = createReadCache<number, string>(db, { maxEntries: 10 });
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let loads = 0;
      const readNote = async () => {
        loads += 1;
        const { rows } = await sql<{ text: string }>`SELECT text FROM notes WHERE id = 1`.execute(db);
        return rows[0]!.text;
      };
      // A slow read takes the row, then another process commits, then a second read sees the change, all
      // before the slow read returns.
      const slow = cache.read(1, async () => {
        const text = await readNote();
        await held;
        return text;
      });
      await new Promise((resolve) => setTimeout(resolve, 10));
      other.prepare(`UPDATE notes SET text = 'newer' WHERE id = 1`).run();
      expect(await cache.read(2, async () => 'another key')).toBe('another key');
      release();
      expect(await slow).toBe('first');
      expect(await cache.read(1, readNote)).toBe('newer');
      expect(loads).toBe(2);
    } finally {
      await close();
    }
  });

  // Forty sequences, each on two fresh database files: about 5 s on a quiet machine, several times that on a
  // busy one, so it has more than the default 20 s.
  it(
    'sees every commit of either connection, across checkpoints and WAL restarts (any order of them)',
    { timeout: 60_000 },
    async () => {
      // Checkpoints and WAL restarts rewrite the WAL and its index behind both connections' backs: a stamp that
      // missed a commit across one would answer a stale note after some sequence of these steps.
      const step = fc.constantFrom('own write', 'other write', 'other checkpoint', 'own checkpoint', 'read');
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
          const { db, other, close } = await twoConnections();
          try {
            const { read } = countingRead(db);
            let written = 0;
            for (const what of steps) {
              if (what === 'own write')
                await sql`UPDATE notes SET text = ${`own ${++written}`} WHERE id = 1`.execute(db);
              if (what === 'other write')
                other.prepare('UPDATE notes SET text = ? WHERE id = 1').run(`other ${++written}`);
              if (what === 'other checkpoint') other.pragma('wal_checkpoint(TRUNCATE)');
              if (what === 'own checkpoint') await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
              const truth = other.prepare('SELECT text FROM notes WHERE id = 1').pluck().get();
              expect(await read()).toBe(truth);
            }
          } finally {
            await close();
          }
        }),
        { numRuns: 40 },
      );
    },
  );

  it('asks nothing of another connection for a private in-memory database, and forgets a closed one', async () => {
    const { db, close } = await twoConnections();
    await close();
    expect(changeStamp(db)).toBeNull();

    const memory = openDatabase(':memory:');
    expect(changeStamp(memory)).toBe(1);
    expect(changeStamp(memory)).toBe(1);
    await memory.destroy();
  });

  it("sees another connection's commit in a file not in WAL mode too", () => {
    const file = join(createDataDir(), 'rollback-journal.sqlite');
    const mine = new SQLite(file);
    mine.exec('CREATE TABLE notes (text TEXT)');
    const other = new SQLite(file);
    const tracked = {};
    const stopTracking = trackChanges(tracked, mine);
    try {
      expect(mine.pragma('journal_mode', { simple: true })).toBe('delete');
      const first = changeStamp(tracked)!;
      expect(changeStamp(tracked)).toBe(first);
      other.exec("INSERT INTO notes VALUES ('from elsewhere')");
      expect(changeStamp(tracked)).toBe(first + 1);
    } finally {
      stopTracking();
      other.close();
      mine.close();
    }
  });

  it('reads through inside a transaction, and for a database it does not track', async () => {
    const { db, close } = await twoConnections();
    try {
      await db.transaction().execute(async (trx) => {
        expect(changeStamp(trx)).toBeNull();
        const { read, counted } = countingRead(trx);
        await read();
        await read();
        expect(counted.loads).toBe(2);
      });
      expect(changeStamp({})).toBeNull();
    } finally {
      await close();
    }
  });

  it('keeps at most maxEntries and maxSize, dropping the oldest first, and never a value larger than maxSize', async () => {
    const { db, close } = await twoConnections();
    try {
      const cache = createReadCache<string, string>(db, {
        maxEntries: 2,
        maxSize: 10,
        sizeOf: (value) => (value as string).length,
      });
      const loads: string[] = [];
      const read = (key: string, value: string) =>
        cache.read(key, async () => {
          loads.push(key);
          return value;
        });
      await read('a', 'aaa');
      await read('b', 'bbb');
      await read('c', 'ccc'); // a third entry: 'a' goes
      await read('b', 'bbb');
      await read('c', 'ccc');
      expect(loads).toEqual(['a', 'b', 'c']);
      await read('a', 'aaa');
      expect(loads).toEqual(['a', 'b', 'c', 'a']);

      await read('big', 'x'.repeat(11)); // larger than maxSize alone: not kept, and nothing else dropped for it
      await read('big', 'x'.repeat(11));
      await read('a', 'aaa');
      expect(loads).toEqual(['a', 'b', 'c', 'a', 'big', 'big']);

      await read('d', 'dddddddd'); // 3 + 8 > 10: the oldest ('c') and then 'a' go
      await read('a', 'aaa');
      expect(loads.at(-1)).toBe('a');
    } finally {
      await close();
    }
  });
});

describe('sessions and invoice lists through the read cache', () => {
  /** The whole app over a SQLite file in a fresh DATA_DIR, and a way to write to it as another process would. */
  async function appOnDisk() {
    const dataDir = createDataDir();
    const db = destroyAfterAll(openDatabase(dataDir));
    await migrate(db);
    const config = { ...loadConfig({}), STATIC_DIR: createStaticDir(), DATA_DIR: dataDir };
    const app = closeAfterAll(createApp({ db, config, clock: createTestClock() }));
    const fromElsewhere = (statement: string, ...values: unknown[]) => {
      const other = new SQLite(join(dataDir, DATABASE_FILE));
      try {
        other.prepare(statement).run(...values);
      } finally {
        other.close();
      }
    };
    return { app, fromElsewhere };
  }

  it('a role changed by another process applies at the next request, and a logout at once', async () => {
    const { app, fromElsewhere } = await appOnDisk();
    const { token, user } = await register(app);
    const role = async () =>
      ((await (await authenticate(app, token)).json()) as { user: { role?: string } }).user.role ?? 'customer';
    const office = async () => (await app.request('/api/office/orders', { headers: bearer(token) })).status;
    expect(await role()).toBe('customer');
    expect(await office()).toBe(403);
    expect(await role()).toBe('customer');

    fromElsewhere(`UPDATE users SET role = 'office' WHERE id = ?`, user.id);
    expect(await role()).toBe('office');
    expect(await office()).toBe(200);

    fromElsewhere(`UPDATE users SET role = 'common' WHERE id = ?`, user.id);
    expect(await office()).toBe(403);

    expect((await app.request('/api/auth/logout', { method: 'POST', headers: bearer(token) })).status).toBe(204);
    expect((await authenticate(app, token)).status).toBe(401);
  });

  it("a customer's list shows a new order at once, and a payment made by another process", async () => {
    const { app, fromElsewhere } = await appOnDisk();
    const { token } = await register(app);
    const list = async () => {
      const res = await app.request('/api/invoices/my', { headers: bearer(token) });
      return ((await res.json()) as { invoices: Array<{ _id: string; paid: boolean }> }).invoices;
    };
    expect(await list()).toEqual([]);
    expect((await createInvoice(app, token)).status).toBe(201);
    const [invoice] = await list();
    expect(invoice).toMatchObject({ paid: false });
    expect(await list()).toEqual([invoice]);

    fromElsewhere(`UPDATE invoices SET paid = 1, paid_at = ? WHERE id = ?`, new Date().toISOString(), invoice!._id);
    expect(await list()).toEqual([expect.objectContaining({ _id: invoice!._id, paid: true })]);
  });
});
