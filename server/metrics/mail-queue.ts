/**
 * The hook for the mail queue's gauges. The durable mail queue in the database is built separately; once it
 * exists, createApp hands its statistics here (`metrics.registerMailQueueGauges(() => queue.stats())`), and
 * every scrape asks it once for both gauges (docs/operating.md#metrics). Until then the gauges are absent.
 */

export interface MailQueueStats {
  /** Messages waiting to be sent (not yet sent, not given up on). */
  depth: number;
  /** Age of the oldest waiting message in seconds; 0 when none waits. */
  oldestAgeSeconds: number;
}

export type MailQueueCollector = () => Promise<MailQueueStats>;

/** What a scrape shows when the collector failed: no figure rather than a false 0. */
const UNKNOWN_MAIL_QUEUE_STATS: MailQueueStats = { depth: Number.NaN, oldestAgeSeconds: Number.NaN };

/**
 * One call of `collect` however many gauges ask during the same scrape (they ask together); a failing
 * collector gives NaN, so one broken query does not fail the whole scrape and hide every other metric.
 */
export function sharedSample(collect: MailQueueCollector): () => Promise<MailQueueStats> {
  let pending: Promise<MailQueueStats> | undefined;
  return () =>
    (pending ??= collect()
      .catch(() => UNKNOWN_MAIL_QUEUE_STATS)
      .finally(() => {
        pending = undefined;
      }));
}
