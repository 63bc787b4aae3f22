/**
 * Runs a periodic job once per interval across all instances sharing the database: every instance looks at
 * the job's lease a few times per interval and runs the job only when it wins the claim (server/db/lease.ts).
 * Looking more often than the interval means a job whose instance died is picked up by another one within a
 * fraction of the interval, while the lease still keeps runs an interval apart.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import type { ServerLog } from '../log';
import type { JobMetrics } from '../metrics/jobs';
import { claimLease } from '../db/lease';

/** How many times per interval each instance looks at the lease. */
const LOOKS_PER_INTERVAL = 12;

export interface ScheduledJob {
  /** Looks at the lease now and runs the job if it is due; resolves when done (true: it ran here). */
  tick(): Promise<boolean>;
  /** Stops looking; waits for a run under way to finish. */
  stop(): Promise<void>;
}

export function scheduleJob(deps: {
  name: string;
  intervalMs: number;
  run: () => Promise<unknown>;
  db: Kysely<Database>;
  clock: Clock;
  log: ServerLog;
  /** Told where each run here starts and ends (server/metrics/jobs.ts). */
  metrics?: JobMetrics;
  /** Claims logged at debug level only: for a job that runs every few seconds. */
  quiet?: boolean;
}): ScheduledJob {
  const { name, intervalMs, run, db, clock, log, metrics, quiet = false } = deps;
  metrics?.declare(name);
  let running: Promise<boolean> | undefined;
  let stopped = false;

  const look = async (): Promise<boolean> => {
    try {
      const now = clock.now();
      if (stopped || !(await claimLease(db, { name, intervalMs, now }))) return false;
      // A job that runs every few seconds (the mail sweep) would fill the log at info level.
      const level = quiet ? 'debug' : 'info';
      log.logger[level]({ event: 'job.claimed', job: name, at: now.toISOString() }, `job ${name} claimed`);
      const ended = metrics?.runStarted(name);
      await run().then(
        () => ended?.(true),
        (error: unknown) => {
          ended?.(false);
          throw error;
        },
      );
      return true;
    } catch (error) {
      log.logger.error({ err: error, job: name }, `job ${name} failed`);
      return false;
    }
  };
  // One look at a time in this instance: a slow run is not started again beside itself.
  const tick = (): Promise<boolean> =>
    (running ??= look().finally(() => {
      running = undefined;
    }));

  // Unref'd: the timer alone never keeps the process alive.
  const timer = setInterval(() => void tick(), Math.max(1, Math.floor(intervalMs / LOOKS_PER_INTERVAL))).unref();
  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
