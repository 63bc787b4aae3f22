/**
 * Another process writing to the server's SQLite file (a second instance during a deploy, `npm run roles`) must
 * not fail a transaction of the server's that read before it wrote (server/db/sqlite-dialect.ts). Before, it
 * failed at its first write: at once with SQLITE_BUSY while the other writer held the lock, and with
 * SQLITE_BUSY_SNAPSHOT when the other had committed since the transaction's first read.
 */
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { DATABASE_FILE, openDatabase } from '#server/db/database';
import type { Database } from '#server/db/schema';
import { cleanup, createDataDir } from './helpers';

afterAll(cleanup);

/** The server's database with one table of numbers, and a second connection to the same file. */
function twoWriters(): { db: Kysely<Database>; other: SQLite.Database; file: string } {
  const dataDir = createDataDir();
  const db = openDatabase(dataDir);
  const file = join(dataDir, DATABASE_FILE);
  // No wait: in this one thread, a wait for the server's lock could never end.
  const other = new SQLite(file, { timeout: 0 });
  other.exec('CREATE TABLE numbers (n INTEGER NOT NULL)');
  return { db, other, file };
}

const numbers = async (db: Kysely<Database>) =>
  (await sql<{ n: number }>`SELECT n FROM numbers ORDER BY n`.execute(db)).rows.map((row) => row.n);

it('a transaction that reads, then writes, succeeds when another connection committed in between', async () => {
  const { db, other } = twoWriters();
  await db.transaction().execute(async (trx) => {
    const before = await numbers(trx);
    // The other writer must wait for the transaction's lock (a process would; this thread is told so at once).
    expect(() => other.exec('INSERT INTO numbers VALUES (1)')).toThrow(
      expect.objectContaining({ code: 'SQLITE_BUSY' }),
    );
    await sql`INSERT INTO numbers VALUES (${before.length + 2})`.execute(trx);
  });
  other.exec('INSERT INTO numbers VALUES (1)');
  expect(await numbers(db)).toEqual([1, 2]);
  other.close();
  await db.destroy();
});

it('a transaction waits while another process holds the write lock, then reads its commit and writes', async () => {
  const { db, other, file } = twoWriters();
  // A thread of its own, as another process: it holds the lock 300 ms, blocking only itself, then commits.
  const holder = new Worker(
    `const SQLite = require('better-sqlite3');
     const { parentPort, workerData } = require('node:worker_threads');
     const db = new SQLite(workerData);
     db.exec('BEGIN IMMEDIATE');
     db.exec('INSERT INTO numbers VALUES (1)');
     parentPort.postMessage('locked');
     Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
     db.exec('COMMIT');
     db.close();`,
    { eval: true, workerData: file },
  );
  await new Promise((resolve) => holder.once('message', resolve));
  const seen = await db.transaction().execute(async (trx) => {
    const before = await numbers(trx);
    await sql`INSERT INTO numbers VALUES (2)`.execute(trx);
    return before;
  });
  expect(seen).toEqual([1]);
  expect(await numbers(db)).toEqual([1, 2]);
  await holder.terminate();
  other.close();
  await db.destroy();
});
