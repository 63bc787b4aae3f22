/**
 * Entry point of the server: compiled to dist-server/main.js for `npm start` (scripts/start.mjs builds it and
 * the browser app when stale), run through tsx by `npm run dev` with --dev (vite serves the pages itself and
 * proxies /api here). Order matters: configuration, database schema, then accept connections.
 * SIGTERM and SIGINT drain the server before it exits (server/http/drain.ts).
 */
import { type App, createApp } from './app';
import { systemClock } from './clock';
import { type Config, loadConfig } from './config';
import { ConfigError } from './config-values';
import { openConfiguredDatabase } from './db/database';
import { migrate } from './db/migrate';
import { type Readiness, drainOnSignals } from './http/drain';
import { type ServerLog, createLog } from './log';
import { createMailer } from './mail/mailer';
import { mailQueueStats } from './mail/queue';
import { migrateAtStart, whenDatabaseAnswers } from './main-database';
import { startJobs } from './main-jobs';
import { listener } from './main-listen';
import { createMetrics } from './metrics/metrics';
import { paymentProviderName } from './payments';

/** How long the exit waits for standard output to take the log's last lines. */
const LOG_CLOSE_MS = 500;

async function main(): Promise<void> {
  const config = loadConfig();
  // Before anything that may need it: the drain's lines go to this JSON log.
  const log = createLog({ level: config.LOG_LEVEL });
  const dev = process.argv.includes('--dev');

  const db = openConfiguredDatabase(config);
  const readiness: Readiness = { draining: false };
  // A database that is down at start (PostgreSQL restarting with the host, say) is waited for, not a reason to
  // exit: the process listens at once and answers 503 until the schema is in place (docs/operating.md).
  const migrated = await migrateAtStart(db);
  // One set of metrics for the app and the jobs, scraped at GET /metrics (docs/operating.md#metrics).
  const metrics = createMetrics();
  // One mailer for the app and its mail queue (one SMTP pool).
  const mailer = createMailer(config, systemClock);
  const app = createApp({ db, config, log, readiness, mailer, metrics });
  // The queue's depth and oldest message, read at each scrape (docs/operating.md#metrics).
  metrics.registerMailQueueGauges(() => mailQueueStats(db, systemClock.now()));
  const listen = listener(app, config, log, metrics, dev);
  let server: ReturnType<typeof listen> | undefined;
  if (!migrated) {
    readiness.waitingForDatabase = true;
    server = listen();
    await whenDatabaseAnswers(() => migrate(db), log);
  }
  const { cleanupJob, reminderJob, mailJob } = await startJobs({ db, config, log, metrics, app });

  // The signing secret exists before the first request: no request waits for its first write.
  await whenDatabaseAnswers(() => app.ready(), log);
  readiness.waitingForDatabase = false;
  announce(app, config, log);
  server ??= listen();

  drainOnSignals({
    server,
    readiness,
    log,
    graceMs: config.SHUTDOWN_GRACE_SECONDS * 1000,
    // The last lines get a moment to reach a slow reader; a stalled one does not hold the exit.
    exit: (code) => void log.close(LOG_CLOSE_MS).finally(() => process.exit(code)),
    stop: [() => void cleanupJob.stop(), () => void reminderJob.stop(), () => void mailJob.stop()],
    // A clean-up or a reminder run under way finishes before the database closes.
    close: [
      () => cleanupJob.stop(),
      () => reminderJob.stop(),
      () => mailJob.stop(),
      () => app.mail.idle(),
      () => app.close(),
      async () => mailer.close(),
      () => db.destroy(),
    ],
  });
}

/** Where invoice documents are drawn, and which payments the site takes: said once, at start. */
function announce(app: App, config: Config, log: ServerLog) {
  log.logger.info(
    { event: 'documents.drawing', where: app.documentsDrawn },
    app.documentsDrawn === 'threads'
      ? 'invoice documents are drawn in worker threads'
      : 'invoice documents are drawn here',
  );
  const payments = paymentProviderName(config);
  console.log(
    payments === 'stripe'
      ? '[server] payments: Stripe Checkout'
      : `[server] payments: SANDBOX test checkout (no money moves; ${config.PAYMENTS === 'sandbox' ? 'PAYMENTS=sandbox' : 'loopback PUBLIC_URL'})`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`[server] configuration error: ${error.message}`);
  else console.error('[server] failed to start:', error);
  process.exit(1);
});
