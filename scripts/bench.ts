/**
 * `npm run bench`: how close the API comes to the floor its database sets, measured honestly.
 *
 * Every party runs in a process of its own, so that no figure carries another's cost:
 * - the server under test: the compiled production server, started as `npm start` starts it (`VAR=… node <flags>
 *   scripts/start.mjs`; built first when stale), on a temporary DATA_DIR, from an empty database;
 * - the read floor: a bare Hono app served the same way (scripts/bench/bare.mjs);
 * - the write floor: raw committed single-row inserts on the same disk (scripts/bench/floor.mjs): SQLite in WAL
 *   with synchronous = FULL, one writer; PostgreSQL with as many clients as the load has connections;
 * - the load: autocannon, here, in this process (warm-up first, then the measured run).
 *
 * For each database it prints, per route, requests/s, p50 and p99 latency, the floor that bounds the route and
 * the share of it reached, and the server's largest resident memory (VmRSS) under that load; then the time from
 * starting the server to its first answer. On SQLite it checks the targets (docs/performance.md) and says which
 * are met. PostgreSQL is a throw-away cluster from the machine's packages, durable (fsync and synchronous_commit
 * on); its figures are reported, not held to targets.
 *
 * Environment: BENCH_SECONDS (default 5) per route, BENCH_CONNECTIONS (default 10), BENCH_DATABASES (default
 * "sqlite,postgres"; either alone to run one). Loopback only; bounded by a hard time limit; stops every process
 * it started and removes its files, whether the run succeeds or fails.
 */
import { type ChildProcess, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SERVER_SOURCES, isStale } from './build-check.mjs';
import { type FloodResult, connectionFlood } from './bench/connection-flood';
import { type Load, type Measured, measure } from './bench/load';
import { startListening, stop, temporaryDir } from './bench/processes';
import { type DocumentsResult, documentsScenario } from './bench/documents';
import { startCommand } from './start-command.mjs';
import { startPostgres } from '#tests/server/postgres';

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
const WARM_UP_SECONDS = 2;
const LOAD: Load = { connections: CONNECTIONS, warmUpSeconds: WARM_UP_SECONDS, seconds: SECONDS };
const INVOICES = 20;
const HOST = '127.0.0.1';
const SERVER_ENTRY = resolve('dist-server/main.js');

/**
 * However the run goes, the process ends: per database, 4 routes × (warm-up + run), a floor, and set-up (a
 * PostgreSQL cluster to start, a password to hash, 20 invoices) and tear-down, with room to spare.
 */
const HARD_LIMIT_MS =
  (DATABASES.length * (6 * (SECONDS + WARM_UP_SECONDS) + 180) + (DATABASES.includes('sqlite') ? 60 : 0)) * 1000;

/** What the issue asks of the API on SQLite, at CONNECTIONS connections (docs/performance.md). */
const TARGETS = {
  authenticate: 0.5, // of the bare Hono route
  list: 0.25, // of the bare Hono route
  create: 0.6, // of the raw commit floor
  p99Ms: 10,
  rssMb: 150,
  startupMs: 1000,
  metricsCost: 0.05, // of the loaded server's CPU per authenticate, added by METRICS_TOKEN
  // While documents are downloaded and exported (scripts/bench/documents.ts), the health check's answer time.
  documentsHealthP50Ms: 20,
  documentsHealthP99Ms: 100,
  // A new visitor's health check while a few addresses flood connections (scripts/bench/connection-flood.ts).
  floodHealthMaxMs: 100,
};

const ORDER = JSON.stringify({
  amount: 49,
  title: 'Website Development Consultation',
  type: 'Video Meeting',
  url: 'https://example.com',
});

/** Committed single-row inserts per second, raw, in a process of their own (scripts/bench/floor.mjs). */
function commitFloor(kind: DatabaseKind, target: string): number {
  process.stdout.write(`  raw committed inserts (${kind === 'sqlite' ? 'one writer' : `${CONNECTIONS} clients`}) …`);
  const run = spawnSync(
    process.execPath,
    ['scripts/bench/floor.mjs', kind, target, String(SECONDS), String(CONNECTIONS)],
    { encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`the write floor failed:\n${run.stderr}`);
  const { commitsPerSecond } = JSON.parse(run.stdout.trim()) as { commitsPerSecond: number };
  process.stdout.write(` ${Math.round(commitsPerSecond)} commits/s\n`);
  return commitsPerSecond;
}

/**
 * The compiled server as `npm start` starts it, in `work/server` (its DATA_DIR and a one-page STATIC_DIR), with
 * one registered customer; `headers` carry that customer's token.
 */
async function startServer(
  work: string,
  databaseUrl: string | undefined,
): Promise<{ child: ChildProcess; base: string; startedMs: number; headers: Record<string, string> }> {
  const staticDir = join(work, 'server', 'dist');
  mkdirSync(staticDir, { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>bench</title>');
  const start = startCommand();
  const server = await startListening(start.args, {
    ...start.env,
    HOST,
    PORT: '0',
    DATA_DIR: join(work, 'server', 'data'),
    STATIC_DIR: staticDir,
    DATABASE_URL: databaseUrl ?? '',
    PUBLIC_URL: '',
    LOG_LEVEL: 'warn',
    // One customer ordering thousands of times a second from one address: the limits would answer 429.
    INVOICE_MAX_PER_USER_PER_HOUR: '1000000',
    INVOICE_MAX_PER_ADDRESS_PER_HOUR: '1000000',
    // The documents scenario registers its customers from here and exports without pause.
    REGISTER_MAX_PER_ADDRESS_PER_HOUR: '1000000',
    DATA_EXPORT_MAX_PER_USER_PER_DAY: '1000000',
  });
  const form = new FormData();
  form.append('name', 'Bench Customer');
  form.append('email', 'bench@example.com');
  form.append('password', 'bench password 123');
  const registered = await fetch(`${server.base}/api/auth/register/email`, { method: 'POST', body: form });
  if (registered.status !== 201) throw new Error(`registration failed: ${registered.status}`);
  const { token } = (await registered.json()) as { token: string };
  return { ...server, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' } };
}

/**
 * What counting and timing every request (METRICS_TOKEN set) adds to `authenticate`, as a share of the loaded
 * server's CPU per `authenticate` in this run. The added µs come from scripts/bench/metrics-cost.ts, which calls
 * two apps (without and with the metrics) in alternating rounds inside one process. Two servers loaded in turn
 * could not show it: identical server processes differ by up to 15 % in CPU per request on these virtual
 * machines, three times the 5 % being measured (docs/performance.md).
 */
function metricsCost(authenticateCpuUs: number): MetricsCost {
  process.stdout.write('  authenticate with and without the metrics, in one process …');
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench/metrics-cost.ts'], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`measuring the metrics' cost failed:\n${run.stderr}`);
  const measured = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as Omit<MetricsCost, 'authenticateCpuUs'>;
  const result = { ...measured, authenticateCpuUs };
  process.stdout.write(` ${us(result.costUs)} µs per call, ${percent(result.costUs / authenticateCpuUs)}\n`);
  return result;
}

/** The metrics' cost per `authenticate` (scripts/bench/metrics-cost.ts), and the loaded server's CPU it is set against. */
interface MetricsCost {
  /** The in-process `authenticate` without the metrics, CPU µs per call (median of the rounds). */
  withoutUs: number;
  /** What the metrics add, CPU µs per call: the median of the rounds' differences, and its 10th and 90th percentile. */
  costUs: number;
  costP10Us: number;
  costP90Us: number;
  rounds: number;
  /** The compiled server's CPU µs per `authenticate` under this run's load (from /proc). */
  authenticateCpuUs: number;
}

interface Run {
  kind: DatabaseKind;
  title: string;
  startupMs: number;
  floors: { bare: Measured; commits: number };
  authenticate: Measured;
  list: Measured;
  create: Measured;
  /** SQLite only: CPU per `authenticate` with the metrics over without (metricsCost). */
  metrics?: MetricsCost;
  /** Documents downloaded and exported while the health check is timed. */
  documents: DocumentsResult;
  /** The health check of a new visitor while a few addresses hold thousands of connections. */
  flood: FloodResult;
}

async function benchOn(kind: DatabaseKind, bareUrl: string): Promise<Run> {
  const undo: Array<() => unknown> = [];
  try {
    const work = temporaryDir('storefront-bench-');
    let databaseUrl: string | undefined;
    let title = `${LABELS.sqlite} (a file in DATA_DIR, WAL, synchronous = FULL)`;
    if (kind === 'postgres') {
      process.stdout.write('  starting a throw-away PostgreSQL …');
      const postgres = await startPostgres({ durable: true });
      undo.push(() => postgres.stop());
      databaseUrl = postgres.url;
      title = `${LABELS.postgres} (fsync and synchronous_commit on)`;
      process.stdout.write(' ready\n');
    }

    const server = await startServer(work, databaseUrl);
    undo.push(() => stop(server.child));
    console.log(`  server up and answering ${Math.round(server.startedMs)} ms after start (empty database)`);
    const { base: api, headers } = server;
    const pid = server.child.pid!;
    for (let i = 0; i < INVOICES; i += 1) {
      const res = await fetch(`${api}/api/invoices/create`, { method: 'POST', headers, body: ORDER });
      if (res.status !== 201) throw new Error(`creating an invoice failed: ${res.status}`);
    }

    // Floors right before the routes they bound: on a busy machine the ratios compare figures taken under
    // the same load.
    const bare = await measure('GET /hello (bare Hono)', { url: bareUrl }, null, LOAD);
    const authenticate = await measure(
      'GET /api/users/authenticate',
      { url: `${api}/api/users/authenticate`, headers },
      pid,
      LOAD,
    );
    const list = await measure(
      `GET /api/invoices/my (${INVOICES} invoices)`,
      { url: `${api}/api/invoices/my`, headers },
      pid,
      LOAD,
    );
    const commits = commitFloor(kind, kind === 'sqlite' ? join(work, 'floor.sqlite') : databaseUrl!);
    const create = await measure(
      'POST /api/invoices/create',
      { url: `${api}/api/invoices/create`, method: 'POST', headers, body: ORDER },
      pid,
      LOAD,
    );
    const metrics = kind === 'sqlite' ? metricsCost(authenticate.cpuUs!) : undefined;
    const documents = await documentsScenario(api, SECONDS);
    const flood = await connectionFlood(api);
    return {
      documents,
      flood,
      kind,
      title,
      startupMs: server.startedMs,
      floors: { bare, commits },
      authenticate,
      list,
      create,
      ...(metrics ? { metrics } : {}),
    };
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

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
const us = (value: number) => value.toFixed(2);
const mb = (value: number | null) => (value === null ? '' : value.toFixed(0));

function report(run: Run): void {
  const { bare, commits } = run.floors;
  console.log(`\n${run.title}`);
  console.table([
    { route: bare.name, 'req/s': Math.round(bare.perSecond), 'p50 ms': bare.p50, 'p99 ms': bare.p99 },
    { route: 'raw committed insert', 'req/s': Math.round(commits) },
    ...(
      [
        [run.authenticate, bare.perSecond, 'bare'],
        [run.list, bare.perSecond, 'bare'],
        [run.create, commits, 'commit floor'],
      ] as const
    ).map(([row, floor, floorName]) => ({
      route: row.name,
      'req/s': Math.round(row.perSecond),
      'p50 ms': row.p50,
      'p99 ms': row.p99,
      'of floor': `${percent(row.perSecond / floor)} of ${floorName}`,
      'RSS MB': mb(row.rssMb),
    })),
  ]);
  console.log(`server up and answering ${Math.round(run.startupMs)} ms after start`);
  const { documents } = run;
  console.log(
    `documents: ${documents.downloads} invoice downloads and ${documents.exports} exports in ${documents.seconds} s; ` +
      `meanwhile /api/health p50 ${documents.health.p50.toFixed(1)} ms, p99 ${documents.health.p99.toFixed(1)} ms, ` +
      `max ${documents.health.max.toFixed(1)} ms (${documents.health.count} checks)` +
      (documents.failures.length > 0 ? `; failures: ${documents.failures.join(', ')}` : ''),
  );
  const { flood } = run;
  console.log(
    `connection flood: ${flood.heldOpen} of ${flood.opened} connections held open by the caps; a new visitor's ` +
      `/api/health p50 ${flood.health.p50.toFixed(1)} ms, max ${flood.health.max.toFixed(1)} ms, ${flood.health.failures} failed`,
  );
  if (run.metrics) {
    const { costUs, costP10Us, costP90Us, rounds, withoutUs, authenticateCpuUs } = run.metrics;
    console.log(
      `the metrics (METRICS_TOKEN set) add ${us(costUs)} µs CPU per authenticate (10th–90th percentile of ${rounds} ` +
        `rounds ${us(costP10Us)} to ${us(costP90Us)}; in-process without them ${us(withoutUs)} µs): ` +
        `${percent(costUs / authenticateCpuUs)} of the ${us(authenticateCpuUs)} µs the loaded server spent on one`,
    );
  }
}

/** The SQLite targets, each with its figure and whether it is met. */
function checkTargets(run: Run): boolean {
  const { bare, commits } = run.floors;
  const routes = [run.authenticate, run.list, run.create];
  const peakRss = Math.max(...routes.map((row) => row.rssMb ?? 0));
  const checks: Array<[string, string, boolean]> = [
    [
      `authenticate ≥ ${percent(TARGETS.authenticate)} of bare`,
      percent(run.authenticate.perSecond / bare.perSecond),
      run.authenticate.perSecond / bare.perSecond >= TARGETS.authenticate,
    ],
    [
      `invoices/my ≥ ${percent(TARGETS.list)} of bare`,
      percent(run.list.perSecond / bare.perSecond),
      run.list.perSecond / bare.perSecond >= TARGETS.list,
    ],
    [
      `create ≥ ${percent(TARGETS.create)} of the commit floor`,
      percent(run.create.perSecond / commits),
      run.create.perSecond / commits >= TARGETS.create,
    ],
    ...routes.map((row): [string, string, boolean] => [
      `${row.name}: p99 ≤ ${TARGETS.p99Ms} ms`,
      `${row.p99} ms`,
      row.p99 <= TARGETS.p99Ms,
    ]),
    [`resident memory under load ≤ ${TARGETS.rssMb} MB`, `${mb(peakRss)} MB`, peakRss <= TARGETS.rssMb],
    [
      `health while documents flow: p50 ≤ ${TARGETS.documentsHealthP50Ms} ms, p99 ≤ ${TARGETS.documentsHealthP99Ms} ms`,
      `${run.documents.health.p50.toFixed(1)} ms, ${run.documents.health.p99.toFixed(1)} ms`,
      run.documents.health.p50 <= TARGETS.documentsHealthP50Ms &&
        run.documents.health.p99 <= TARGETS.documentsHealthP99Ms &&
        run.documents.failures.length === 0,
    ],
    [
      `a visitor's health during a connection flood ≤ ${TARGETS.floodHealthMaxMs} ms, none failed`,
      `max ${run.flood.health.max.toFixed(1)} ms, ${run.flood.health.failures} failed`,
      run.flood.health.max <= TARGETS.floodHealthMaxMs && run.flood.health.failures === 0,
    ],
    [
      `up and answering ≤ ${TARGETS.startupMs} ms after start`,
      `${Math.round(run.startupMs)} ms`,
      run.startupMs <= TARGETS.startupMs,
    ],
    ...(run.metrics
      ? [
          [
            `the metrics add ≤ ${percent(TARGETS.metricsCost)} CPU per authenticate`,
            `${percent(run.metrics.costUs / run.metrics.authenticateCpuUs)} (${us(run.metrics.costUs)} of ${us(run.metrics.authenticateCpuUs)} µs)`,
            run.metrics.costUs / run.metrics.authenticateCpuUs <= TARGETS.metricsCost,
          ] as [string, string, boolean],
        ]
      : []),
  ];
  console.log(`\nTargets on ${LABELS[run.kind]} (${CONNECTIONS} connections)`);
  console.table(checks.map(([target, measured, met]) => ({ target, measured, met: met ? 'yes' : 'NO' })));
  return checks.every(([, , met]) => met);
}

function ensureServerBuilt(): void {
  if (!isStale(SERVER_ENTRY, SERVER_SOURCES)) return;
  console.log('[bench] the compiled server is missing or out of date: building it…');
  const build = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--config', 'vite.server.config.ts'],
    {
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) throw new Error('building the server failed');
}

async function main(): Promise<void> {
  ensureServerBuilt();
  console.log(
    `node ${process.version}; autocannon in its own process: ${CONNECTIONS} connections, ${SECONDS} s per route ` +
      `(after a ${WARM_UP_SECONDS} s warm-up); databases: ${DATABASES.map((kind) => LABELS[kind]).join(', ')}`,
  );
  const bare = await startListening(['scripts/bench/bare.mjs'], {});
  const runs: Run[] = [];
  try {
    for (const kind of DATABASES) {
      console.log(`\n${LABELS[kind]}`);
      runs.push(await benchOn(kind, `${bare.base}/hello`));
    }
  } finally {
    await stop(bare.child);
  }
  for (const run of runs) report(run);
  const sqlite = runs.find((run) => run.kind === 'sqlite');
  if (sqlite) console.log(checkTargets(sqlite) ? '\nEvery target met.' : '\nNot every target met.');
  const postgres = runs.find((run) => run.kind === 'postgres');
  if (sqlite && postgres) {
    console.log('\nPostgreSQL as a share of SQLite (throughput)');
    console.table(
      (['authenticate', 'list', 'create'] as const).map((route) => ({
        route: sqlite[route].name,
        'SQLite req/s': Math.round(sqlite[route].perSecond),
        'PostgreSQL req/s': Math.round(postgres[route].perSecond),
        'PostgreSQL of SQLite': percent(postgres[route].perSecond / sqlite[route].perSecond),
      })),
    );
  }
}

const guard = setTimeout(() => {
  console.error(`[bench] still running after ${HARD_LIMIT_MS / 1000} s; stopping`);
  process.exit(1);
}, HARD_LIMIT_MS);
guard.unref();

// Ctrl-C or a kill: leave through process.exit so the exit hooks stop the children and remove the folders.
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
