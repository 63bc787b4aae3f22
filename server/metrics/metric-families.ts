/**
 * The families of this app's own metrics, registered in the order the scrape lists them: requests, periodic
 * jobs, refusals, and the mail queue. Names and meanings: docs/operating.md#metrics.
 */
import type { Registry } from 'prom-client';
import { JOB_SECONDS_BUCKETS } from './jobs';
import { sharedSample } from './mail-queue';
import { METRIC_PREFIX, type Metrics } from './metrics';
import { type PromClient, plainCounter, plainHistogram } from './plain-metrics';
import { REQUEST_SECONDS_BUCKETS } from './requests';

const name = (suffix: string) => `${METRIC_PREFIX}${suffix}`;

/** Requests answered, by method, route and status, and how long they took. */
export function registerRequestMetrics(prom: PromClient, registry: Registry, { requests }: Metrics): void {
  plainCounter(
    prom,
    registry,
    {
      name: name('http_requests_total'),
      help: "HTTP requests answered, by method, route pattern (Hono's, never the URL) and status.",
      labelNames: ['method', 'route', 'status'],
    },
    function* () {
      for (const { method, route, statuses } of requests.series()) {
        for (const [status, count] of statuses) yield [{ method, route, status }, count];
      }
    },
  );
  plainHistogram(
    prom,
    registry,
    {
      name: name('http_request_duration_seconds'),
      help: 'Time from receiving a request to its response being ready, by method and route pattern.',
      labelNames: ['method', 'route'],
      buckets: REQUEST_SECONDS_BUCKETS,
    },
    function* () {
      for (const { method, route, latency } of requests.series()) yield { labels: { method, route }, buckets: latency };
    },
  );
}

/** The periodic jobs run on this instance: runs, failures, durations and the last success. */
export function registerJobMetrics(prom: PromClient, registry: Registry, { jobs }: Metrics): void {
  plainCounter(
    prom,
    registry,
    { name: name('job_runs_total'), help: 'Periodic job runs started on this instance, by job.', labelNames: ['job'] },
    function* () {
      for (const { job, runs } of jobs.series()) yield [{ job }, runs];
    },
  );
  plainCounter(
    prom,
    registry,
    {
      name: name('job_failures_total'),
      help: 'Periodic job runs on this instance that ended in an error, by job.',
      labelNames: ['job'],
    },
    function* () {
      for (const { job, failures } of jobs.series()) yield [{ job }, failures];
    },
  );
  plainHistogram(
    prom,
    registry,
    {
      name: name('job_duration_seconds'),
      help: 'How long the periodic job runs on this instance took, by job.',
      labelNames: ['job'],
      buckets: JOB_SECONDS_BUCKETS,
    },
    function* () {
      for (const { job, duration } of jobs.series()) yield { labels: { job }, buckets: duration };
    },
  );
  new prom.Gauge<'job'>({
    name: name('job_last_success_timestamp_seconds'),
    help: 'Unix time of the last run of the job on this instance that ended without an error.',
    labelNames: ['job'],
    registers: [registry],
    collect() {
      this.reset();
      for (const { job, lastSuccessSeconds } of jobs.series()) {
        if (lastSuccessSeconds !== undefined) this.set({ job }, lastSuccessSeconds);
      }
    },
  });
}

/** What was refused: by a limit, past a connection cap, for want of the database. */
export function registerRefusalMetrics(
  prom: PromClient,
  registry: Registry,
  { limitRefusals, connectionRefusals, database }: Metrics,
): void {
  plainCounter(
    prom,
    registry,
    {
      name: name('limit_refusals_total'),
      help: "Requests refused by a limit (429), every refusal, by the limit's name.",
      labelNames: ['limit'],
    },
    function* () {
      for (const [limit, count] of limitRefusals) yield [{ limit }, count];
    },
  );
  plainCounter(
    prom,
    registry,
    {
      name: name('connections_refused_total'),
      help: "Connections closed at once past a cap, by the cap: 'process' (MAX_CONNECTIONS) or 'address'.",
      labelNames: ['reason'],
    },
    function* () {
      for (const [reason, count] of connectionRefusals) yield [{ reason }, count];
    },
  );
  plainCounter(
    prom,
    registry,
    {
      name: name('database_unavailable_total'),
      help: 'Requests answered 503 because the database was unreachable or failing.',
      labelNames: [],
    },
    function* () {
      yield [{}, database.unavailable];
    },
  );
}

/**
 * The mail queue's gauges, added once the queue is registered (it may be after the app was made): answers the
 * function that adds them, which does nothing before the queue is there or after they were added.
 */
export function mailQueueGauges(prom: PromClient, registry: Registry, metrics: Metrics): () => void {
  let added = false;
  return () => {
    const collect = metrics.mailQueue.collect;
    if (added || collect === undefined) return;
    added = true;
    const sample = sharedSample(collect);
    new prom.Gauge({
      name: name('mail_queue_depth'),
      help: 'Messages waiting in the mail queue.',
      registers: [registry],
      async collect() {
        this.set((await sample()).depth);
      },
    });
    new prom.Gauge({
      name: name('mail_queue_oldest_age_seconds'),
      help: 'Age of the oldest message waiting in the mail queue (0 when none waits).',
      registers: [registry],
      async collect() {
        this.set((await sample()).oldestAgeSeconds);
      },
    });
  };
}
