/**
 * The scrape: this app's plain-number metrics (metrics.ts) and the process's own (memory, CPU, event-loop
 * delay, garbage collection: prom-client's default metrics), as Prometheus text, from a Registry of this app's
 * own (never prom-client's global one: tests create many apps in one process). prom-client is loaded here,
 * on first use, only by an app with METRICS_TOKEN set. Names and meanings: docs/operating.md#metrics.
 */
import { mailQueueGauges, registerJobMetrics, registerRefusalMetrics, registerRequestMetrics } from './metric-families';
import { METRIC_PREFIX, type Metrics } from './metrics';

export interface Exposition {
  readonly contentType: string;
  text(): Promise<string>;
}

export async function createExposition(metrics: Metrics): Promise<Exposition> {
  const prom = await import('prom-client');
  const registry = new prom.Registry();
  // Memory, CPU, event-loop delay, GC, handles: per process, prefixed like ours.
  prom.collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX });
  registerRequestMetrics(prom, registry, metrics);
  registerJobMetrics(prom, registry, metrics);
  registerRefusalMetrics(prom, registry, metrics);
  const addMailQueueGauges = mailQueueGauges(prom, registry, metrics);

  return {
    contentType: registry.contentType,
    text() {
      // The queue may be registered after the app was made: its gauges join at the next scrape.
      addMailQueueGauges();
      return registry.metrics();
    },
  };
}
