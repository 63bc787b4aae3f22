/**
 * `npm run bench`: throughput and latency of two API routes, next to a bare Hono route served the same way,
 * so the figures say how much our middleware, auth and database cost rather than how fast this machine is;
 * on SQLite and on PostgreSQL in the same run, so they also say what moving to PostgreSQL costs.
 *
 * For each database it starts the real app (createApp + @hono/node-server on an ephemeral loopback port, a
 * temporary DATA_DIR), registers a customer, makes 20 invoices, then runs autocannon against
 *   GET  /hello              a bare Hono app (the baseline)
 *   GET  /api/invoices/my    signed in, 20 invoices
 *   POST /api/invoices/create signed in, a valid order (sandbox payment link)
 * and prints requests/second, p50 and p99 latency, and each API route's throughput as a share of the
 * baseline; one table per database, then PostgreSQL's throughput as a share of SQLite's.
 *
 * SQLite is a real file in DATA_DIR (WAL, synchronous=FULL). PostgreSQL is a throw-away cluster from the
 * machine's own PostgreSQL packages (tests/server/postgres.ts), started durable (fsync and synchronous_commit
 * on), so that both commit to disk as production does. The app gets the database exactly as server/main.ts opens it
 * (openConfiguredDatabase), and with DATABASE_URL set the rate limits go to PostgreSQL too, as in production.
 *
 * Environment: BENCH_SECONDS (default 5) per route, BENCH_CONNECTIONS (default 10), BENCH_DATABASES (default
 * "sqlite,postgres"; either alone to run one). Loopback only; bounded by a hard time limit; removes its files
 * and stops its PostgreSQL, whether the run succeeds or fails.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type ServerType, serve } from '@hono/node-server';
import { Hono } from 'hono';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { type App, createApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openConfiguredDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import type { Database } from '../server/db/schema';
import { createLog } from '../server/log';
import { startPostgres } from '../tests/server/postgres';

// autocannon ships no types; this is the part of its API used here.
interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  '2xx': number;
  non2xx: number;
  errors: number;
  timeouts: number;
}
interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: AutocannonOptions,
) => Promise<AutocannonResult>;

type DatabaseKind = 'sqlite' | 'postgres';
const LABELS: Record<DatabaseKind, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

/** BENCH_DATABASES as a list without repeats, in the order given; an unknown name is an error, not a skip. */
function parseDatabases(value: string): DatabaseKind[] {
  const names = value
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  const unknown = names.filter((name) => !Object.hasOwn(LABELS, name));
  if (unknown.length > 0 || names.length === 0) {
    throw new Error(`BENCH_DATABASES must list sqlite and/or postgres, comma-separated; got "${value}"`);
  }
  return [...new Set(names as DatabaseKind[])];
}

/** A whole number of at least 1 from the environment: a typo must not run a bench of nothing and print it. */
function positiveInteger(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${name} must be a whole number of at least 1; got "${process.env[name]}"`);
  }
  return value;
}

const { SECONDS, CONNECTIONS, DATABASES } = (() => {
  try {
    return {
      SECONDS: positiveInteger('BENCH_SECONDS', 5),
      CONNECTIONS: positiveInteger('BENCH_CONNECTIONS', 10),
      DATABASES: parseDatabases(process.env.BENCH_DATABASES ?? 'sqlite,postgres'),
    };
  } catch (error) {
    console.error(`[bench] ${(error as Error).message}`);
    process.exit(1);
  }
})();
const WARM_UP_SECONDS = 1;
const INVOICES = 20;
const HOST = '127.0.0.1';
/**
 * However the run goes, the process ends: per database, 3 routes × (warm-up + run) plus set-up (a PostgreSQL
 * cluster to start, a password to hash, 20 invoices) and tear-down, with room to spare.
 */
const HARD_LIMIT_MS = DATABASES.length * (3 * (SECONDS + WARM_UP_SECONDS) + 60) * 1000;

const ORDER = JSON.stringify({
  amount: 49,
  title: 'Website Development Consultation',
  type: 'Video Meeting',
  url: 'https://example.com',
});

function listen(
  fetch: (request: Request) => Response | Promise<Response>,
): Promise<{ server: ServerType; base: string }> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port: 0, hostname: HOST }, (info: AddressInfo) => {
      resolve({ server, base: `http://${HOST}:${info.port}` });
    });
  });
}

function close(server: ServerType): Promise<void> {
  if ('closeAllConnections' in server) server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/**
 * The app's fetch, counting the requests it is still handling. autocannon stops waiting for answers when its
 * time is up, but the handlers run on: the pools must not close under them (they would fail, and log it).
 */
function tracked(fetch: App['fetch']): { fetch: App['fetch']; idle(): Promise<void> } {
  let open = 0;
  let waiting: Array<() => void> = [];
  return {
    fetch: async (...args) => {
      open += 1;
      try {
        return await fetch(...args);
      } finally {
        open -= 1;
        if (open === 0) {
          for (const resolve of waiting) resolve();
          waiting = [];
        }
      }
    },
    idle: () => (open === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve))),
  };
}

interface Measured {
  name: string;
  result: AutocannonResult;
}

async function measure(name: string, options: AutocannonOptions): Promise<Measured> {
  process.stdout.write(`  ${name} …`);
  await autocannon({ ...options, duration: WARM_UP_SECONDS });
  const result = await autocannon(options);
  process.stdout.write(` ${Math.round(result.requests.average)} req/s\n`);
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts; the figures would be meaningless`,
    );
  }
  return { name, result };
}

/** Folders to remove even when the process ends early (the hard limit, Ctrl-C): rmSync works in an exit hook. */
const temporaryDirs = new Set<string>();
process.once('exit', () => {
  for (const dir of temporaryDirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * Waits (at most 5 s) until no other client is connected to the database at `url`. pg's pool.end() resolves
 * before its connections have closed: a cluster stopped right then cuts them, and the app's pool logs each.
 */
async function untilDisconnected(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch {
    return; // the server is down already (the run failed because of it): nothing to wait for
  }
  try {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const { rows } = await client.query<{ others: number }>(
        `select count(*)::int as others from pg_stat_activity
          where backend_type = 'client backend' and pid <> pg_backend_pid()`,
      );
      if (rows[0]?.others === 0) return;
      await sleep(100);
    }
  } finally {
    await client.end();
  }
}

/** The name and version the database reports, for the table's heading. */
async function describe(kind: DatabaseKind, db: Kysely<Database>): Promise<string> {
  const query =
    kind === 'postgres'
      ? sql<{ version: string }>`select current_setting('server_version') as version`
      : sql<{ version: string }>`select sqlite_version() as version`;
  const { rows } = await query.execute(db);
  const durability =
    kind === 'postgres' ? 'fsync and synchronous_commit on' : 'a file in DATA_DIR, WAL, synchronous=FULL';
  return `${LABELS[kind]} ${rows[0]?.version ?? '?'} (${durability})`;
}

/** One database's run: the app on it, a customer with 20 invoices, then the three routes, bare one first. */
interface Run {
  kind: DatabaseKind;
  title: string;
  baseline: Measured;
  list: Measured;
  create: Measured;
}

async function benchOn(kind: DatabaseKind, bareUrl: string): Promise<Run> {
  // Undone in reverse order in `finally`, each step whether or not the others fail, so a failed run still
  // closes the servers and pools, stops PostgreSQL and removes its folders.
  const undo: Array<() => unknown> = [];
  try {
    const work = mkdtempSync(join(tmpdir(), 'storefront-bench-'));
    temporaryDirs.add(work);
    undo.push(() => {
      rmSync(work, { recursive: true, force: true });
      temporaryDirs.delete(work);
    });
    const dataDir = join(work, 'data');
    const staticDir = join(work, 'dist');
    mkdirSync(staticDir);
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>bench</title>');

    let databaseUrl: string | undefined;
    if (kind === 'postgres') {
      process.stdout.write('  starting a throw-away PostgreSQL …');
      // Its own exit hook stops it should the process end before `stop()` (the hard limit, Ctrl-C).
      const postgres = await startPostgres({ durable: true });
      undo.push(() => postgres.stop());
      undo.push(() => untilDisconnected(postgres.url));
      databaseUrl = postgres.url;
      process.stdout.write(' ready\n');
    }

    const config = {
      ...loadConfig({}),
      HOST,
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      DATABASE_URL: databaseUrl,
      // One customer ordering thousands of times a second from one address: the limits would answer 429.
      INVOICE_MAX_PER_USER_PER_HOUR: 1_000_000_000,
      INVOICE_MAX_PER_ADDRESS_PER_HOUR: 1_000_000_000,
    };
    const db = openConfiguredDatabase(config);
    undo.push(() => db.destroy());
    await migrate(db);
    const title = await describe(kind, db);
    // Warnings and errors only: one info line per sign-up would break up the progress lines.
    const app = createApp({ db, config, log: createLog({ level: 'warn' }) });
    undo.push(() => app.close());
    const requests = tracked(app.fetch);
    undo.push(() => requests.idle());
    const api = await listen(requests.fetch);
    undo.push(() => close(api.server));

    const form = new FormData();
    form.append('name', 'Bench Customer');
    form.append('email', 'bench@example.com');
    form.append('password', 'bench password 123');
    const registered = await fetch(`${api.base}/api/auth/register/email`, { method: 'POST', body: form });
    if (registered.status !== 201) throw new Error(`registration failed: ${registered.status}`);
    const { token } = (await registered.json()) as { token: string };
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    for (let i = 0; i < INVOICES; i += 1) {
      const res = await fetch(`${api.base}/api/invoices/create`, { method: 'POST', headers, body: ORDER });
      if (res.status !== 201) throw new Error(`creating an invoice failed: ${res.status}`);
    }

    const common = { connections: CONNECTIONS, duration: SECONDS };
    // The baseline is measured again for each database, right before its routes: on a busy machine the
    // ratio then compares figures taken under the same load.
    const baseline = await measure('GET /hello (bare Hono)', { ...common, url: bareUrl });
    const list = await measure(`GET /api/invoices/my (${INVOICES} invoices)`, {
      ...common,
      url: `${api.base}/api/invoices/my`,
      headers,
    });
    const create = await measure('POST /api/invoices/create', {
      ...common,
      url: `${api.base}/api/invoices/create`,
      method: 'POST',
      headers,
      body: ORDER,
    });
    return { kind, title, baseline, list, create };
  } finally {
    for (const step of undo.reverse()) {
      try {
        await step();
      } catch (error) {
        console.error(`[bench] ${LABELS[kind]}: cleaning up failed:`, error);
      }
    }
  }
}

const perSecond = (measured: Measured) => measured.result.requests.average;
const share = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)} %`;

async function main(): Promise<void> {
  const bare = await listen(new Hono().get('/hello', (c) => c.text('hello')).fetch);
  const runs: Run[] = [];
  try {
    console.log(
      `autocannon: ${CONNECTIONS} connections, ${SECONDS} s per route (after a ${WARM_UP_SECONDS} s warm-up); ` +
        `databases: ${DATABASES.map((kind) => LABELS[kind]).join(', ')}`,
    );
    for (const kind of DATABASES) {
      console.log(`\n${LABELS[kind]}`);
      runs.push(await benchOn(kind, `${bare.base}/hello`));
    }
  } finally {
    await close(bare.server);
  }

  for (const { title, baseline, list, create } of runs) {
    console.log(`\n${title}`);
    console.table(
      [baseline, list, create].map((row) => ({
        route: row.name,
        'req/s': Math.round(perSecond(row)),
        'p50 ms': row.result.latency.p50,
        'p99 ms': row.result.latency.p99,
        'of bare': share(perSecond(row), perSecond(baseline)),
      })),
    );
  }

  const sqlite = runs.find((run) => run.kind === 'sqlite');
  const postgres = runs.find((run) => run.kind === 'postgres');
  if (sqlite && postgres) {
    console.log('\nPostgreSQL as a share of SQLite (throughput)');
    console.table(
      // The API routes only: the bare route touches no database.
      (['list', 'create'] as const).map((route) => ({
        route: sqlite[route].name,
        'SQLite req/s': Math.round(perSecond(sqlite[route])),
        'PostgreSQL req/s': Math.round(perSecond(postgres[route])),
        'PostgreSQL of SQLite': share(perSecond(postgres[route]), perSecond(sqlite[route])),
      })),
    );
  }
}

const guard = setTimeout(() => {
  console.error(`[bench] still running after ${HARD_LIMIT_MS / 1000} s; stopping`);
  process.exit(1);
}, HARD_LIMIT_MS);
guard.unref();

// Ctrl-C or a kill: leave through process.exit so the exit hooks stop PostgreSQL and remove the folders.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n[bench] ${signal}; stopping`);
    process.exit(1);
  });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('[bench] failed:', error);
    process.exit(1);
  },
);
