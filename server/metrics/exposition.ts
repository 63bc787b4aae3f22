/**
 * The scrape: this app's plain-number metrics (metrics.ts) and the process's own (memory, CPU, event-loop
 * delay, garbage collection: prom-client's default metrics), as Prometheus text, from a Registry of this app's
 * own (never prom-client's global one: tests create many apps in one process). prom-client is loaded here,
 * on first use, only by an app with METRICS_TOKEN set. Names and meanings: docs/operating.md#metrics.
 */
import type { Histogram, LabelValues, MetricObjectWithValues, MetricValueWithName, Registry } from 'prom-client';
import type { Buckets } from './histogram';
import { JOB_SECONDS_BUCKETS } from './jobs';
import { sharedSample } from './mail-queue';
import { METRIC_PREFIX, type Metrics } from './metrics';
import { REQUEST_SECONDS_BUCKETS } from './requests';

export interface Exposition {
  readonly contentType: string;
  text(): Promise<string>;
}

type PromClient = typeof import('prom-client');
type Labels = LabelValues<string>;
type Values = MetricValueWithName<string>[];

/** A plain `Buckets` as Prometheus's `_bucket` (cumulative), `_sum` and `_count` lines. */
function histogramValues(name: string, labels: Labels, buckets: Buckets): Values {
  const values: Values = [];
  let cumulative = 0;
  buckets.bounds.forEach((le, i) => {
    cumulative += buckets.counts[i]!;
    values.push({ metricName: `${name}_bucket`, labels: { ...labels, le }, value: cumulative });
  });
  values.push(
    { metricName: `${name}_bucket`, labels: { ...labels, le: '+Inf' }, value: buckets.count },
    { metricName: `${name}_sum`, labels, value: buckets.sum },
    { metricName: `${name}_count`, labels, value: buckets.count },
  );
  return values;
}

/**
 * A prom-client Histogram whose figures come from plain `Buckets` at scrape time (its own `observe` is never
 * called): prom-client formats it exactly as its own histograms.
 */
function plainHistogram<T extends string>(
  prom: PromClient,
  registry: Registry,
  spec: { name: string; help: string; labelNames: readonly T[]; buckets: readonly number[] },
  read: () => Iterable<{ labels: LabelValues<T>; buckets: Buckets }>,
): Histogram<T> {
  class PlainHistogram extends prom.Histogram<T> {
    // The registry reads a histogram through getForPromString when it has one, else through get.
    async getForPromString(): Promise<MetricObjectWithValues<MetricValueWithName<T>>> {
      const values: Values = [];
      for (const { labels, buckets } of read()) values.push(...histogramValues(spec.name, labels, buckets));
      return { name: spec.name, help: spec.help, type: 'histogram' as never, aggregator: 'sum', values } as never;
    }
    override get(): Promise<MetricObjectWithValues<MetricValueWithName<T>>> {
      return this.getForPromString();
    }
  }
  return new PlainHistogram({
    ...spec,
    labelNames: [...spec.labelNames],
    buckets: [...spec.buckets],
    registers: [registry],
  });
}

/** A counter or gauge set from `read` at every scrape. */
function plainCounter<T extends string>(
  prom: PromClient,
  registry: Registry,
  spec: { name: string; help: string; labelNames: readonly T[] },
  read: () => Iterable<[LabelValues<T>, number]>,
): void {
  new prom.Counter<T>({
    ...spec,
    labelNames: [...spec.labelNames],
    registers: [registry],
    collect() {
      this.reset();
      for (const [labels, value] of read()) this.inc(labels, value);
    },
  });
}

export async function createExposition(metrics: Metrics): Promise<Exposition> {
  const prom = await import('prom-client');
  const registry = new prom.Registry();
  const name = (suffix: string) => `${METRIC_PREFIX}${suffix}`;
  // Memory, CPU, event-loop delay, GC, handles: per process, prefixed like ours.
  prom.collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX });

  const { requests, jobs, limitRefusals, connectionRefusals, database } = metrics;
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

  let mailQueueGauges = false;
  const addMailQueueGauges = () => {
    const collect = metrics.mailQueue.collect;
    if (mailQueueGauges || collect === undefined) return;
    mailQueueGauges = true;
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

  return {
    contentType: registry.contentType,
    text() {
      // The queue may be registered after the app was made: its gauges join at the next scrape.
      addMailQueueGauges();
      return registry.metrics();
    },
  };
}
