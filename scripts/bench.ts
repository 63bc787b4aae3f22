/**
 * `npm run bench`: throughput and latency of two API routes, next to a bare Hono route served the same way,
 * so the figures say how much our middleware, auth and database cost rather than how fast this machine is.
 *
 * Starts the real app (createApp + @hono/node-server on an ephemeral loopback port, a temporary DATA_DIR
 * with a real SQLite file), registers a customer, makes 20 invoices, then runs autocannon against
 *   GET  /hello              a bare Hono app (the baseline)
 *   GET  /api/invoices/my    signed in, 20 invoices
 *   POST /api/invoices/create signed in, a valid order (sandbox payment link)
 * and prints requests/second, p50 and p99 latency, and each API route's throughput as a share of the
 * baseline. Loopback only; bounded (BENCH_SECONDS, default 5, per route); removes its files and exits.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ServerType, serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrate';

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

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARM_UP_SECONDS = 1;
const INVOICES = 20;
const HOST = '127.0.0.1';
/** However the run goes, the process ends: 3 routes × (warm-up + run) plus set-up, with room to spare. */
const HARD_LIMIT_MS = (3 * (SECONDS + WARM_UP_SECONDS) + 60) * 1000;

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

async function measure(name: string, options: AutocannonOptions): Promise<{ name: string; result: AutocannonResult }> {
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

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'storefront-bench-'));
  const dataDir = join(work, 'data');
  const staticDir = join(work, 'dist');
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>bench</title>');

  const db = openDatabase(dataDir);
  await migrate(db);
  const config = {
    ...loadConfig({}),
    HOST,
    DATA_DIR: dataDir,
    STATIC_DIR: staticDir,
    // One customer ordering thousands of times a second from one address: the limits would answer 429.
    INVOICE_MAX_PER_USER_PER_HOUR: 1_000_000_000,
    INVOICE_MAX_PER_ADDRESS_PER_HOUR: 1_000_000_000,
  };
  const app = createApp({ db, config });
  const api = await listen(app.fetch);
  const bare = await listen(new Hono().get('/hello', (c) => c.text('hello')).fetch);

  try {
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

    console.log(
      `autocannon: ${CONNECTIONS} connections, ${SECONDS} s per route (after a ${WARM_UP_SECONDS} s warm-up)`,
    );
    const common = { connections: CONNECTIONS, duration: SECONDS };
    const baseline = await measure('GET /hello (bare Hono)', { ...common, url: `${bare.base}/hello` });
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

    const rows = [baseline, list, create].map(({ name, result }) => ({
      route: name,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      'of bare': `${((result.requests.average / baseline.result.requests.average) * 100).toFixed(1)} %`,
    }));
    console.log();
    console.table(rows);
  } finally {
    await Promise.all([close(api.server), close(bare.server)]);
    await Promise.all([app.close(), db.destroy()]);
    rmSync(work, { recursive: true, force: true });
  }
}

const guard = setTimeout(() => {
  console.error(`[bench] still running after ${HARD_LIMIT_MS / 1000} s; stopping`);
  process.exit(1);
}, HARD_LIMIT_MS);
guard.unref();

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('[bench] failed:', error);
    process.exit(1);
  },
);
