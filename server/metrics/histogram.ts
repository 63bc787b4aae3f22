/**
 * A histogram kept as plain numbers: observing is a short loop and three additions, with no label hashing.
 * prom-client's own `observe` costs a microsecond or two per call, a tenth of a cached `authenticate`
 * (docs/operating.md#metrics); these are turned into Prometheus text only when scraped (exposition.ts).
 */
export class Buckets {
  /** Observations per bucket, not cumulative; the last one is +Inf. */
  readonly counts: number[];
  sum = 0;
  count = 0;

  /** `bounds`: the buckets' upper bounds ("le"), ascending. */
  constructor(readonly bounds: readonly number[]) {
    this.counts = new Array<number>(bounds.length + 1).fill(0);
  }

  observe(value: number): void {
    const { bounds } = this;
    let i = 0;
    // "le": a value equal to a bound belongs to that bound's bucket.
    while (i < bounds.length && value > bounds[i]!) i += 1;
    this.counts[i]! += 1;
    this.sum += value;
    this.count += 1;
  }
}
