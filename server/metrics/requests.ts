/**
 * HTTP requests counted by method, route pattern and status, with their latency by method and route: what
 * `recordRequests` (record-requests.ts) writes on every request while METRICS_TOKEN is set. Labels come from
 * the code's route table, never from the URL, so the number of series stays bounded (docs/operating.md#metrics).
 */
import { Buckets } from './histogram';

/**
 * Seconds. Cached reads answer in a tenth of a millisecond and orders in a few milliseconds (docs/performance.md);
 * the upper buckets catch a slow database or a password check queued behind others.
 */
export const REQUEST_SECONDS_BUCKETS = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
] as const;

export interface RequestSeries {
  readonly method: string;
  readonly route: string;
  /** Requests by status code. */
  readonly statuses: Map<number, number>;
  readonly latency: Buckets;
}

export class RequestRecords {
  /** route → method → series: two lookups by strings the router interned, no key built per request. */
  readonly #byRoute = new Map<string, Map<string, RequestSeries>>();

  record(method: string, route: string, status: number, seconds: number): void {
    let byMethod = this.#byRoute.get(route);
    if (byMethod === undefined) {
      byMethod = new Map();
      this.#byRoute.set(route, byMethod);
    }
    let series = byMethod.get(method);
    if (series === undefined) {
      series = { method, route, statuses: new Map(), latency: new Buckets(REQUEST_SECONDS_BUCKETS) };
      byMethod.set(method, series);
    }
    series.statuses.set(status, (series.statuses.get(status) ?? 0) + 1);
    series.latency.observe(seconds);
  }

  *series(): Iterable<RequestSeries> {
    for (const byMethod of this.#byRoute.values()) yield* byMethod.values();
  }
}
