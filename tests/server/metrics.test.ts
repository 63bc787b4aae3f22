/**
 * GET /metrics (server/metrics/routes.ts, docs/operating.md#metrics): absent without METRICS_TOKEN, 401 without
 * the token, and with it the Prometheus text of this app's own registry: requests by route pattern and status
 * with their latency, job runs, limit refusals, database outages, the process's metrics and the mail queue's hook.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { loadConfig } from '#server/config';
import { ConfigError } from '#server/config-values';
import { openPostgresDatabase } from '#server/db/database';
import { NOT_FOUND_TEXT } from '#server/http/errors';
import { scheduleJob } from '#server/jobs/schedule';
import { Buckets } from '#server/metrics/histogram';
import { createMetrics } from '#server/metrics/metrics';
import { bearerTokenMatches } from '#server/metrics/token';
import { METRICS_TOKEN_TEXT } from '#server/metrics/routes';
import {
  type TestApp,
  bearer,
  cleanup,
  closeAfterAll,
  createCapturedLog,
  createDataDir,
  createStaticDir,
  createTestServer,
  errorText,
  fromAddress,
  jsonInit,
  register,
  uniqueAddress,
} from './helpers';

afterAll(cleanup);

const TOKEN = 'metrics-token-for-the-tests-0123456789';

async function scrape(app: TestApp): Promise<string> {
  const res = await app.request('/metrics', { headers: bearer(TOKEN) });
  expect(res.status).toBe(200);
  return res.text();
}

/** The value of the sample line `name{labels}` (labels written as Prometheus writes them), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics without METRICS_TOKEN', () => {
  it("is the API's 404, whatever the Authorization", async () => {
    const { app } = await createTestServer();
    const unknown = await app.request('/api/no-such-path');
    for (const headers of [{}, bearer(TOKEN)]) {
      const res = await app.request('/metrics', { headers });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe(unknown.headers.get('content-type'));
      expect(await errorText(res)).toBe(NOT_FOUND_TEXT);
    }
    expect(await errorText(unknown)).toBe(NOT_FOUND_TEXT);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  it('answers 401 to a missing or wrong token', async () => {
    const { app } = await createTestServer({ METRICS_TOKEN: TOKEN });
    for (const headers of [{}, bearer(`${TOKEN}x`), bearer(TOKEN.slice(1)), { Authorization: `Basic ${TOKEN}` }]) {
      const res = await app.request('/metrics', { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await errorText(res)).toBe(METRICS_TOKEN_TEXT);
    }
  });

  it('answers the Prometheus text format with the process metrics', async () => {
    const { app } = await createTestServer({ METRICS_TOKEN: TOKEN });
    const res = await app.request('/metrics', { headers: { Authorization: `bearer  ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(text).toMatch(/^# TYPE storefront_http_requests_total counter$/m);
    expect(text).toMatch(/^# TYPE storefront_http_request_duration_seconds histogram$/m);
    expect(text).toMatch(/^# TYPE storefront_database_unavailable_total counter$/m);
    for (const name of [
      'storefront_process_resident_memory_bytes',
      'storefront_process_cpu_seconds_total',
      'storefront_nodejs_eventloop_lag_seconds',
      'storefront_nodejs_heap_size_used_bytes',
    ]) {
      expect(text).toMatch(new RegExp(`^${name} \\d`, 'm'));
    }
    // No mail queue yet: its gauges are absent rather than a false 0.
    expect(text).not.toContain('storefront_mail_queue');
  });

  it('counts requests by route pattern and status, with their latency, never by raw URL', async () => {
    const { app } = await createTestServer({ METRICS_TOKEN: TOKEN });
    const { token } = await register(app);
    for (let i = 0; i < 3; i += 1)
      expect((await app.request('/api/users/authenticate', { headers: bearer(token) })).status).toBe(200);
    expect((await app.request('/api/users/authenticate')).status).toBe(401);
    expect((await app.request('/api/avatars/raw-avatar-id-123')).status).toBe(404);
    expect((await app.request('/api/raw-unknown-path-456')).status).toBe(404);
    expect((await app.request('/raw-unknown-file-789.js')).status).toBe(404);
    // A method outside the common ones: one label for all of them.
    expect((await app.request('/api/users/authenticate', { method: 'PROPFIND' })).status).toBe(404);
    // A page of the app, served by the catch-all: its own pattern, not "unmatched" (which is for 404s).
    expect((await app.request('/terms')).status).toBe(200);

    const text = await scrape(app);
    const route = '/api/users/authenticate';
    expect(sample(text, `storefront_http_requests_total{method="GET",route="${route}",status="200"}`)).toBe(3);
    expect(sample(text, `storefront_http_requests_total{method="GET",route="${route}",status="401"}`)).toBe(1);
    expect(
      sample(text, 'storefront_http_requests_total{method="POST",route="/api/auth/register/email",status="201"}'),
    ).toBe(1);
    expect(sample(text, 'storefront_http_requests_total{method="GET",route="/api/avatars/:id",status="404"}')).toBe(1);
    expect(sample(text, 'storefront_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(2);
    expect(text).not.toMatch(/raw-/);
    expect(sample(text, 'storefront_http_requests_total{method="OTHER",route="unmatched",status="404"}')).toBe(1);
    expect(sample(text, 'storefront_http_requests_total{method="GET",route="/*",status="200"}')).toBe(1);

    const histogram = 'storefront_http_request_duration_seconds';
    expect(sample(text, `${histogram}_count{method="GET",route="${route}"}`)).toBe(4);
    expect(sample(text, `${histogram}_bucket{method="GET",route="${route}",le="+Inf"}`)).toBe(4);
    expect(sample(text, `${histogram}_bucket{method="GET",route="${route}",le="10"}`)).toBe(4);
    expect(sample(text, `${histogram}_sum{method="GET",route="${route}"}`)).toBeGreaterThan(0);

    // The scrape before this one is counted too.
    expect(
      sample(await scrape(app), 'storefront_http_requests_total{method="GET",route="/metrics",status="200"}'),
    ).toBe(1);
  });

  it("keeps each app's figures to itself", async () => {
    const one = await createTestServer({ METRICS_TOKEN: TOKEN });
    const two = await createTestServer({ METRICS_TOKEN: TOKEN });
    await one.app.request('/api/users/authenticate');
    const series = 'storefront_http_requests_total{method="GET",route="/api/users/authenticate",status="401"}';
    expect(sample(await scrape(one.app), series)).toBe(1);
    expect(sample(await scrape(two.app), series)).toBeUndefined();
  });

  it('counts every limit refusal, not only the first one logged', async () => {
    const { app, securityEvents } = await createTestServer({
      METRICS_TOKEN: TOKEN,
      VISIT_MAX_PER_ADDRESS_PER_MINUTE: 1,
    });
    const address = uniqueAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await app.request('/api/users/record-visit', jsonInit('POST', {}), fromAddress(address))).status);
    }
    expect(statuses).toEqual([400, 429, 429, 429]);
    expect(securityEvents().filter((line) => line.event === 'limit.exceeded')).toHaveLength(1);
    expect(sample(await scrape(app), 'storefront_limit_refusals_total{limit="visit.address"}')).toBe(3);
  });

  it("counts the periodic jobs' runs and failures", async () => {
    const { app, db, clock } = await createTestServer({ METRICS_TOKEN: TOKEN });
    const { log } = createCapturedLog();
    const jobs = app.metrics.jobs;
    const fine = scheduleJob({
      name: 'metrics-fine',
      intervalMs: 60_000,
      run: async () => {},
      db,
      clock,
      log,
      metrics: jobs,
    });
    const failing = scheduleJob({
      name: 'metrics-failing',
      intervalMs: 60_000,
      run: () => Promise.reject(new Error('the job failed')),
      db,
      clock,
      log,
      metrics: jobs,
    });
    const idle = scheduleJob({
      name: 'metrics-idle',
      intervalMs: 60_000,
      run: async () => {},
      db,
      clock,
      log,
      metrics: jobs,
    });
    try {
      await idle.stop();
      expect(await fine.tick()).toBe(true);
      expect(await failing.tick()).toBe(false);
      // Within the interval: the lease is taken, nothing runs.
      expect(await fine.tick()).toBe(false);
      // The next interval: a second run, counted in the same series.
      clock.advance(60_000);
      expect(await fine.tick()).toBe(true);
    } finally {
      await fine.stop();
      await failing.stop();
    }
    const text = await scrape(app);
    expect(sample(text, 'storefront_job_runs_total{job="metrics-fine"}')).toBe(2);
    expect(sample(text, 'storefront_job_failures_total{job="metrics-fine"}')).toBe(0);
    expect(sample(text, 'storefront_job_runs_total{job="metrics-failing"}')).toBe(1);
    expect(sample(text, 'storefront_job_failures_total{job="metrics-failing"}')).toBe(1);
    // Declared before any run: the first failure is an increase from 0.
    expect(sample(text, 'storefront_job_runs_total{job="metrics-idle"}')).toBe(0);
    expect(sample(text, 'storefront_job_failures_total{job="metrics-idle"}')).toBe(0);
    expect(sample(text, 'storefront_job_duration_seconds_count{job="metrics-failing"}')).toBe(1);
    expect(sample(text, 'storefront_job_duration_seconds_count{job="metrics-fine"}')).toBe(2);
    // In seconds: two runs of an empty job take well under one.
    const seconds = sample(text, 'storefront_job_duration_seconds_sum{job="metrics-fine"}')!;
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThan(1);
    // A Unix time in seconds, of this very test.
    const lastSuccess = sample(text, 'storefront_job_last_success_timestamp_seconds{job="metrics-fine"}');
    expect(lastSuccess).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(lastSuccess).toBeLessThanOrEqual(Date.now() / 1000);
    expect(sample(text, 'storefront_job_last_success_timestamp_seconds{job="metrics-failing"}')).toBeUndefined();
  });

  it("answers the mail queue's gauges with what its collector says, asking it once per scrape", async () => {
    const { app } = await createTestServer({ METRICS_TOKEN: TOKEN });
    let calls = 0;
    app.metrics.registerMailQueueGauges(async () => {
      calls += 1;
      return { depth: 7, oldestAgeSeconds: 93.5 };
    });
    const text = await scrape(app);
    expect(text).toMatch(/^# TYPE storefront_mail_queue_depth gauge$/m);
    expect(sample(text, 'storefront_mail_queue_depth')).toBe(7);
    expect(sample(text, 'storefront_mail_queue_oldest_age_seconds')).toBe(93.5);
    expect(calls).toBe(1);
    expect(() => app.metrics.registerMailQueueGauges(async () => ({ depth: 0, oldestAgeSeconds: 0 }))).toThrow();
  });

  it('shows NaN for the mail queue when its collector fails, and the rest of the scrape as usual', async () => {
    const { app } = await createTestServer({ METRICS_TOKEN: TOKEN });
    app.metrics.registerMailQueueGauges(() => Promise.reject(new Error('the queue table is locked')));
    const text = await scrape(app);
    expect(sample(text, 'storefront_mail_queue_depth')).toBeNaN();
    expect(sample(text, 'storefront_mail_queue_oldest_age_seconds')).toBeNaN();
    expect(text).toContain('storefront_process_resident_memory_bytes');
  });

  it('counts the connections refused past a cap, by the cap', async () => {
    const { app } = await createTestServer({ METRICS_TOKEN: TOKEN });
    // What the listener (main-listen.ts) calls when it closes a connection at once; its caps are
    // connections.test.ts's, against a server process of its own.
    app.metrics.countConnectionRefusal('process');
    app.metrics.countConnectionRefusal('address');
    app.metrics.countConnectionRefusal('address');
    const text = await scrape(app);
    expect(sample(text, 'storefront_connections_refused_total{reason="process"}')).toBe(1);
    expect(sample(text, 'storefront_connections_refused_total{reason="address"}')).toBe(2);
    expect(text).toContain('# TYPE storefront_connections_refused_total counter');
  });

  it('counts the 503s of a database that cannot be reached', async () => {
    // Port 1 on loopback: nothing listens there, every connection is refused at once (no database needed).
    const DOWN = 'postgres://postgres@127.0.0.1:1/storefront';
    const db = openPostgresDatabase(DOWN);
    const app = closeAfterAll(
      createApp({
        db,
        config: {
          ...loadConfig({}),
          DATABASE_URL: DOWN,
          DATA_DIR: createDataDir(),
          STATIC_DIR: createStaticDir(),
          METRICS_TOKEN: TOKEN,
        },
        log: createCapturedLog().log,
      }),
    );
    try {
      const res = await app.request('/api/users/authenticate', { headers: bearer('t'.repeat(43)) });
      expect(res.status).toBe(503);
      // Answers that are not the database's 503 are not counted: a 401, a 404, the scrapes themselves.
      expect((await app.request('/api/users/authenticate')).status).toBe(401);
      expect((await app.request('/api/no-such-route')).status).toBe(404);
      expect(sample(await scrape(app), 'storefront_database_unavailable_total')).toBe(1);
      expect(sample(await scrape(app), 'storefront_database_unavailable_total')).toBe(1);
    } finally {
      await db.destroy();
    }
  });
});

describe("the metrics' parts", () => {
  it('reads METRICS_TOKEN as an optional secret of at least 32 characters', () => {
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '  ' }).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).METRICS_TOKEN).toBe(TOKEN);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(ConfigError);
  });

  it('compares the bearer token whole', () => {
    expect(bearerTokenMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerTokenMatches(`BEARER\t${TOKEN}`, TOKEN)).toBe(true);
    // Whitespace around the header's value is not part of the token.
    expect(bearerTokenMatches(` Bearer ${TOKEN}\t `, TOKEN)).toBe(true);
    for (const header of [undefined, '', 'Bearer', 'Bearer ', TOKEN, `Bearer ${TOKEN} `.repeat(2), `Token ${TOKEN}`]) {
      expect(bearerTokenMatches(header, TOKEN), String(header)).toBe(false);
    }
  });

  it("puts a value equal to a bucket's bound in that bucket", () => {
    const buckets = new Buckets([0.1, 1]);
    for (const value of [0.05, 0.1, 0.5, 1, 3]) buckets.observe(value);
    expect(buckets.counts).toEqual([2, 2, 1]);
    expect(buckets.count).toBe(5);
    expect(buckets.sum).toBeCloseTo(4.65);
  });

  it('registers a mail queue collector once per set of metrics', () => {
    const metrics = createMetrics();
    const collect = async () => ({ depth: 1, oldestAgeSeconds: 2 });
    metrics.registerMailQueueGauges(collect);
    expect(metrics.mailQueue.collect).toBe(collect);
    expect(() => metrics.registerMailQueueGauges(collect)).toThrow(/already/);
  });
});
