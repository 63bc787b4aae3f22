/**
 * `npx tsx scripts/bench/in-process.ts`: what the hot routes cost the app itself, and what the fast paths on them
 * buy, measured inside one process, without sockets or a load generator (docs/performance.md).
 *
 * On a shared machine the loaded bench (`npm run bench`) swings with every other process; here the app runs
 * `app.request` in a loop on a file database in WAL mode (as in production, so the change stamp reads the real
 * `-shm` file), the log at `warn`. Each measurement runs in many short rounds, the measurements alternating
 * inside each round (their order rotated from round to round), so that a noisy moment hits all of them alike.
 * Printed per measurement: the median time per call over the rounds and the spread (10th to 90th percentile of
 * the rounds); per pair, the median of the per-round differences and their spread.
 *
 * Environment: IN_PROCESS_ROUNDS (default 40), IN_PROCESS_CALLS (calls per measurement per round, default 2000).
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { createHash, hash } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { TrieRouter } from 'hono/router/trie-router';
import { sql } from 'kysely';
import { DATABASE_FILE } from '#server/db/database';
import { changeStamp } from '#server/db/change-stamp';
import { invoiceListingJson } from '#server/invoices/listing';
import { inProcessApp } from './in-process-app';
import { cpuMicroseconds as cpu, percentile } from './rounds';

const ROUNDS = Number(process.env.IN_PROCESS_ROUNDS ?? 40);
const CALLS = Number(process.env.IN_PROCESS_CALLS ?? 2000);
const INVOICES = 20;

const { app, db, dataDir, token, user, get, close } = await inProcessApp({ invoices: INVOICES });

/** A write that changes nothing a reader sees but moves the change stamp: the next cached read is a miss. */
const touch = () => sql`UPDATE users SET name = name WHERE id = ${user.id}`.execute(db);

// The change stamp's two ways of asking whether another connection has committed, on a connection of their
// own to the same file: `PRAGMA data_version` every time (server/db/change-stamp.ts), or only when the
// `-shm` file's WAL-index header has changed (the shortcut decision 0024 removed; kept here to re-check it).
const file = join(dataDir, DATABASE_FILE);
const sqlite = new SQLite(file);
const ownChanges = sqlite.prepare('SELECT total_changes()').pluck();
const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
const shm = openSync(`${file}-shm`, 'r');
const seen = Buffer.alloc(48);
const now = Buffer.alloc(48);
readSync(shm, seen, 0, 48, 0);

// The app's own routes and middleware in each of Hono's two general routers (decision 0019).
function withRoutes<R extends RegExpRouter<unknown> | TrieRouter<unknown>>(router: R): R {
  for (const route of app.routes) router.add(route.method, route.path, route.handler);
  return router;
}
const regExpRouter = withRoutes(new RegExpRouter<unknown>());
const trieRouter = withRoutes(new TrieRouter<unknown>());

interface Measurement {
  name: string;
  /** Work before each call that is not counted (a write that empties the read cache). */
  before?: () => Promise<unknown>;
  run(): unknown;
}

const measurements: Measurement[] = [
  { name: 'GET /api/users/authenticate (session kept)', run: () => get('/api/users/authenticate') },
  {
    name: 'GET /api/users/authenticate (after a write)',
    before: touch,
    run: () => get('/api/users/authenticate'),
  },
  { name: `GET /api/invoices/my, ${INVOICES} invoices (list kept)`, run: () => get('/api/invoices/my') },
  {
    name: `GET /api/invoices/my, ${INVOICES} invoices (after a write)`,
    before: touch,
    run: () => get('/api/invoices/my'),
  },
  {
    name: `the list's JSON text, read afresh (server/invoices/listing.ts)`,
    run: () => invoiceListingJson(db, user.id, { changeCutoffMinutes: 120 }),
  },
  { name: 'change stamp (server/db/change-stamp.ts)', run: () => changeStamp(db) },
  { name: 'stamp: total_changes + data_version every time', run: () => (ownChanges.get(), dataVersion.get()) },
  {
    name: 'stamp: total_changes + WAL-index header read',
    run: () => {
      ownChanges.get();
      readSync(shm, now, 0, 48, 0);
      if (now.equals(seen)) return;
      now.copy(seen);
      return dataVersion.get();
    },
  },
  { name: 'routing: TrieRouter', run: () => trieRouter.match('GET', '/api/users/authenticate') },
  { name: 'routing: RegExpRouter', run: () => regExpRouter.match('GET', '/api/users/authenticate') },
  { name: "token hash: createHash('sha256')", run: () => createHash('sha256').update(token).digest('hex') },
  { name: "token hash: one-shot crypto.hash('sha256')", run: () => hash('sha256', token, 'hex') },
];

/** Pairs of [the plain way, the fast path]: what the second saves over the first. */
const PAIRS: Array<[string, string]> = [
  ['stamp: total_changes + data_version every time', 'stamp: total_changes + WAL-index header read'],
  ['routing: TrieRouter', 'routing: RegExpRouter'],
  ["token hash: createHash('sha256')", "token hash: one-shot crypto.hash('sha256')"],
];

/**
 * CPU time per call, in µs, of `calls` calls: the process's CPU time rather than the clock, because on a shared
 * machine the clock also counts the time other processes hold the core. Without `before` the round is timed
 * as a whole; with it, each call on its own, so the untimed work stays out.
 */
async function round(measurement: Measurement, calls: number): Promise<number> {
  const { before, run } = measurement;
  if (!before) {
    const began = cpu();
    for (let i = 0; i < calls; i += 1) await run();
    return (cpu() - began) / calls;
  }
  let total = 0;
  for (let i = 0; i < calls; i += 1) {
    await before();
    const began = cpu();
    await run();
    total += cpu() - began;
  }
  return total / calls;
}

const fmt = (value: number) => (Math.abs(value) < 10 ? value.toFixed(2) : value.toFixed(1));

// Warm-up: compiled code, cached statements, a settled heap.
for (const measurement of measurements) await round(measurement, CALLS);

const results = new Map<string, number[]>(measurements.map((m) => [m.name, []]));
for (let r = 0; r < ROUNDS; r += 1) {
  for (let i = 0; i < measurements.length; i += 1) {
    const measurement = measurements[(i + r) % measurements.length]!;
    results.get(measurement.name)!.push(await round(measurement, CALLS));
  }
}

console.log(`node ${process.version}; ${ROUNDS} rounds of ${CALLS} calls per measurement, alternating`);
console.log('CPU µs per call: median (10th–90th percentile of the rounds)');
for (const [name, values] of results) {
  console.log(
    `  ${name}: ${fmt(percentile(values, 50))} (${fmt(percentile(values, 10))}–${fmt(percentile(values, 90))})`,
  );
}
console.log('what the second of each pair saves over the first, per round: median (10th–90th percentile)');
for (const [plain, fast] of PAIRS) {
  const a = results.get(plain)!;
  const b = results.get(fast)!;
  const saved = a.map((value, i) => value - b[i]!);
  console.log(
    `  ${fast} over ${plain}: ${fmt(percentile(saved, 50))} µs (${fmt(percentile(saved, 10))}–${fmt(percentile(saved, 90))})`,
  );
}

closeSync(shm);
sqlite.close();
await close();
