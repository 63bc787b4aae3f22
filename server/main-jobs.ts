/** The periodic jobs the entry point (main.ts) starts, each once per interval across every instance. */
import type { Kysely } from 'kysely';
import type { App } from './app';
import { systemClock } from './clock';
import type { Config } from './config';
import type { Database } from './db/schema';
import { CALL_REMINDERS_JOB, CALL_REMINDER_INTERVAL_MS, runCallReminders } from './jobs/call-reminders';
import { CLEANUP_JOB, runCleanup } from './jobs/cleanup';
import { ORDER_REMINDERS_JOB, ORDER_REMINDER_INTERVAL_MS, runOrderReminders } from './jobs/order-reminders';
import { type ScheduledJob, scheduleJob } from './jobs/schedule';
import type { ServerLog } from './log';
import { MAIL_JOB, MAIL_SWEEP_INTERVAL_MS } from './mail/sender';
import type { Metrics } from './metrics/metrics';

export interface StartJobs {
  db: Kysely<Database>;
  config: Config;
  log: ServerLog;
  metrics: Metrics;
  app: App;
}

/** Both reminder jobs as the one handle main.ts stops: each still runs under its own lease. */
function together(jobs: ScheduledJob[]): ScheduledJob {
  return {
    tick: async () => (await Promise.all(jobs.map((job) => job.tick()))).some(Boolean),
    stop: async () => void (await Promise.all(jobs.map((job) => job.stop()))),
  };
}

/**
 * Schedules the clean-up (and runs its first look), the reminders (the office's, of promises nearly missed, and
 * the customers', of their calls) and the mail sweep.
 */
export async function startJobs({ db, config, log, metrics, app }: StartJobs) {
  // Once per interval across every instance on this database; the first look is now, so a fresh start
  // cleans up at once unless another instance did within the interval.
  const cleanupJob = scheduleJob({
    name: CLEANUP_JOB,
    intervalMs: config.CLEANUP_INTERVAL_SECONDS * 1000,
    run: () => runCleanup({ db, clock: systemClock, config, log }),
    db,
    clock: systemClock,
    log,
    metrics: metrics.jobs,
  });
  await cleanupJob.tick();
  // Every few minutes across every instance: orders close to their promise are e-mailed to the office, once.
  const orderReminderJob = scheduleJob({
    name: ORDER_REMINDERS_JOB,
    intervalMs: ORDER_REMINDER_INTERVAL_MS,
    run: () => runOrderReminders({ db, clock: systemClock, mail: app.mail, config, log }),
    db,
    clock: systemClock,
    log,
    metrics: metrics.jobs,
  });
  // Every two minutes across every instance: customers whose call starts within CALL_REMINDER_MINUTES are
  // reminded, once for each time the call is set to (server/jobs/call-reminders.ts).
  const callReminderJob = scheduleJob({
    name: CALL_REMINDERS_JOB,
    intervalMs: CALL_REMINDER_INTERVAL_MS,
    run: () => runCallReminders({ db, clock: systemClock, mail: app.mail, config, log }),
    db,
    clock: systemClock,
    log,
    metrics: metrics.jobs,
  });
  const reminderJob = together([orderReminderJob, callReminderJob]);
  // Every few seconds across every instance: queued mail that failed (or that a stopped instance left) is
  // tried again; what a change queues is sent at once by that change (server/mail/sender.ts).
  const mailJob = scheduleJob({
    name: MAIL_JOB,
    intervalMs: MAIL_SWEEP_INTERVAL_MS,
    run: () => app.mail.sendDue(),
    db,
    clock: systemClock,
    log,
    metrics: metrics.jobs,
    quiet: true,
  });
  return { cleanupJob, reminderJob, mailJob };
}
