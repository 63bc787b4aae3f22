/**
 * prom-client metrics whose figures come from this app's plain numbers (metrics.ts) at scrape time: prom-client
 * formats them exactly as its own, and nothing is counted twice.
 */
import type { Histogram, LabelValues, MetricObjectWithValues, MetricValueWithName, Registry } from 'prom-client';
import type { Buckets } from './histogram';

export type PromClient = typeof import('prom-client');
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
export function plainHistogram<T extends string>(
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
export function plainCounter<T extends string>(
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
