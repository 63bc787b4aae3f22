/**
 * Entry point of the server: compiled to dist-server/main.js for `npm start` (scripts/start.mjs builds it and
 * the browser app when stale), run through tsx by `npm run dev` with --dev (vite serves the pages itself and
 * proxies /api here). Order matters: configuration, database schema, then accept connections.
 * SIGTERM and SIGINT drain the server before it exits (server/http/drain.ts).
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { systemClock } from './clock';
import { type Config, loadConfig } from './config';
import { ConfigError } from './config-values';
import { openConfiguredDatabase } from './db/database';
import { isDatabaseUnavailable } from './db/errors';
import { migrate } from './db/migrate';
import { connectionServerOptions, guardConnections } from './http/connections';
import { type Readiness, drainOnSignals } from './http/drain';
import { CLEANUP_JOB, runCleanup } from './jobs/cleanup';
import { ORDER_REMINDERS_JOB, ORDER_REMINDER_INTERVAL_MS, runOrderReminders } from './jobs/order-reminders';
import { scheduleJob } from './jobs/schedule';
import { type ServerLog, createLog } from './log';
import { createMailer } from './mail/mailer';
import { mailQueueStats } from './mail/queue';
import { MAIL_JOB, MAIL_SWEEP_INTERVAL_MS } from './mail/sender';
import { createMetrics } from './metrics/metrics';
import { paymentProviderName } from './payments';

/** How long the exit waits for standard output to take the log's last lines. */
const LOG_CLOSE_MS = 500;

/** The connection caps and time-outs from the configuration (docs/operating.md#connections). */
const connectionLimits = (config: Config) => ({
  maxConnections: config.MAX_CONNECTIONS,
  maxPerAddress: config.MAX_CONNECTIONS_PER_ADDRESS,
  headersTimeoutMs: config.HEADERS_TIMEOUT_SECONDS * 1000,
  requestTimeoutMs: config.REQUEST_TIMEOUT_SECONDS * 1000,
  idleTimeoutMs: config.IDLE_TIMEOUT_SECONDS * 1000,
  keepAliveTimeoutMs: config.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
});

/** How long a process waiting for its database at start waits between two tries. */
const DATABASE_RETRY_MS = 1000;

/** The database is down or restarting; the migrations wrap the driver's error in their own. */
const databaseAway = (error: unknown) =>
  isDatabaseUnavailable(error) || (error instanceof Error && isDatabaseUnavailable(error.cause));

/** Runs `work` until it no longer fails for want of the database; any other failure ends the start. */
async function whenDatabaseAnswers(work: () => Promise<unknown>, log: ServerLog): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await work();
      return;
    } catch (error) {
      if (!databaseAway(error)) throw error;
      // The first try, then one line a minute: an outage of hours must not fill the log.
      if (attempt === 1 || attempt % 60 === 0) {
        log.logger.error({ event: 'database.unavailable', attempt, err: error }, 'waiting for the database to start');
      }
      await new Promise((resolve) => setTimeout(resolve, DATABASE_RETRY_MS));
    }
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  // Before anything that may need it: the drain's lines go to this JSON log.
  const log = createLog({ level: config.LOG_LEVEL });
  const dev = process.argv.includes('--dev');

  const db = openConfiguredDatabase(config);
  const readiness: Readiness = { draining: false };
  // A database that is down at start (PostgreSQL restarting with the host, say) is waited for, not a reason to
  // exit: the process listens at once and answers 503 until the schema is in place (docs/operating.md).
  const migrated = await migrate(db).then(
    () => true,
    (error: unknown) => {
      if (!databaseAway(error)) throw error;
      return false;
    },
  );
  // One set of metrics for the app and the jobs, scraped at GET /metrics (docs/operating.md#metrics).
  const metrics = createMetrics();
  // One mailer for the app and its mail queue (one SMTP pool).
  const mailer = createMailer(config, systemClock);
  const app = createApp({ db, config, log, readiness, mailer, metrics });
  // The queue's depth and oldest message, read at each scrape (docs/operating.md#metrics).
  metrics.registerMailQueueGauges(() => mailQueueStats(db, systemClock.now()));
  const connections = connectionLimits(config);
  // Plain HTTP/1 (no createServer option): serve() gives a node:http Server.
  const listen = () => {
    const server = serve(
      {
        fetch: app.fetch,
        port: config.PORT,
        hostname: config.HOST,
        serverOptions: connectionServerOptions(connections),
      },
      (info: AddressInfo) => {
        const local = `http://${info.family === 'IPv6' ? `[${info.address}]` : info.address}:${info.port}`;
        console.log(`[server] listening on ${local} — open ${config.PUBLIC_URL}${dev ? ' (API only, --dev)' : ''}`);
      },
    ) as Server;
    guardConnections(server, connections, (reason, address) => {
      metrics.countConnectionRefusal(reason);
      log.warnRepeated('connection.refused', { reason, address }, 'a connection was refused past its cap');
    });
    return server;
  };
  let server: ReturnType<typeof listen> | undefined;
  if (!migrated) {
    readiness.waitingForDatabase = true;
    server = listen();
    await whenDatabaseAnswers(() => migrate(db), log);
  }
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
  const reminderJob = scheduleJob({
    name: ORDER_REMINDERS_JOB,
    intervalMs: ORDER_REMINDER_INTERVAL_MS,
    run: () => runOrderReminders({ db, clock: systemClock, mail: app.mail, config, log }),
    db,
    clock: systemClock,
    log,
    metrics: metrics.jobs,
  });
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

  // The signing secret exists before the first request: no request waits for its first write.
  await whenDatabaseAnswers(() => app.ready(), log);
  readiness.waitingForDatabase = false;
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

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`[server] configuration error: ${error.message}`);
  else console.error('[server] failed to start:', error);
  process.exit(1);
});
