/**
 * This app's metrics, one set per createApp (tests create many apps; none shares another's counts). Recorded as
 * plain numbers wherever things happen; prom-client, which costs about 40 ms and 7 MB to load, is loaded
 * only when METRICS_TOKEN is set, and turns them into Prometheus text when scraped (exposition.ts).
 * Every metric's name and meaning: docs/operating.md#metrics.
 */
import { JobRecords } from './jobs';
import type { MailQueueCollector } from './mail-queue';
import { RequestRecords } from './requests';

/** Every metric's name begins with it, the process metrics' too: one site's series are easy to select. */
export const METRIC_PREFIX = 'storefront_';

export interface Metrics {
  /** HTTP requests (recorded by record-requests.ts, only while METRICS_TOKEN is set). */
  readonly requests: RequestRecords;
  /** The periodic jobs' runs (server/jobs/schedule.ts). */
  readonly jobs: JobRecords;
  /** Requests refused by a limit, by the limit's name; every refusal (server/limits/charge.ts). */
  readonly limitRefusals: Map<string, number>;
  countLimitRefusal(limit: string): void;
  /** Connections closed at once past a cap, by the cap: 'process' or 'address' (server/http/connections.ts). */
  readonly connectionRefusals: Map<string, number>;
  countConnectionRefusal(reason: string): void;
  /** Requests answered 503 because the database was unavailable (server/http/errors.ts). */
  readonly database: { unavailable: number };
  /** The mail queue's statistics, once registered. */
  readonly mailQueue: { collect: MailQueueCollector | undefined };
  /**
   * Adds the gauges `storefront_mail_queue_depth` and `storefront_mail_queue_oldest_age_seconds`, read from
   * `collect` at every scrape. Once per app: a second collector would make two answers for one queue.
   */
  registerMailQueueGauges(collect: MailQueueCollector): void;
}

export function createMetrics(): Metrics {
  const limitRefusals = new Map<string, number>();
  const connectionRefusals = new Map<string, number>();
  const mailQueue: Metrics['mailQueue'] = { collect: undefined };
  return {
    requests: new RequestRecords(),
    jobs: new JobRecords(),
    limitRefusals,
    countLimitRefusal: (limit) => void limitRefusals.set(limit, (limitRefusals.get(limit) ?? 0) + 1),
    connectionRefusals,
    countConnectionRefusal: (reason) => void connectionRefusals.set(reason, (connectionRefusals.get(reason) ?? 0) + 1),
    database: { unavailable: 0 },
    mailQueue,
    registerMailQueueGauges(collect) {
      if (mailQueue.collect !== undefined) throw new Error('the mail queue gauges are registered already');
      mailQueue.collect = collect;
    },
  };
}
