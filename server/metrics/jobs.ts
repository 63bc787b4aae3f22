/**
 * The periodic jobs' runs on this instance (server/jobs/schedule.ts reports each run's start and end): how
 * many, how many failed, how long they took, and when one last succeeded. A job runs on one instance per
 * interval (the lease), so an operator sums the runs over instances and takes the latest success of all.
 */
import { Buckets } from './histogram';

/** Seconds: a clean-up of a quiet site takes milliseconds, a backlog of reminders over a slow SMTP server minutes. */
export const JOB_SECONDS_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300] as const;

export interface JobSeries {
  readonly job: string;
  runs: number;
  failures: number;
  readonly duration: Buckets;
  /** Unix time in seconds of the last run that ended without an error here; undefined before the first. */
  lastSuccessSeconds: number | undefined;
}

/** What server/jobs/schedule.ts is handed. */
export interface JobMetrics {
  /** Makes the job's series exist at 0 before its first run, so that `increase()` sees the first failure. */
  declare(job: string): void;
  /** A run begins; call what it returns once it ends (`ok`: it threw no error). */
  runStarted(job: string): (ok: boolean) => void;
}

export class JobRecords implements JobMetrics {
  readonly #byJob = new Map<string, JobSeries>();

  declare(job: string): void {
    this.#series(job);
  }

  runStarted(job: string): (ok: boolean) => void {
    const series = this.#series(job);
    series.runs += 1;
    const started = performance.now();
    return (ok) => {
      series.duration.observe((performance.now() - started) / 1000);
      if (ok) series.lastSuccessSeconds = Date.now() / 1000;
      else series.failures += 1;
    };
  }

  series(): Iterable<JobSeries> {
    return this.#byJob.values();
  }

  #series(job: string): JobSeries {
    let series = this.#byJob.get(job);
    if (series === undefined) {
      series = { job, runs: 0, failures: 0, duration: new Buckets(JOB_SECONDS_BUCKETS), lastSuccessSeconds: undefined };
      this.#byJob.set(job, series);
    }
    return series;
  }
}
