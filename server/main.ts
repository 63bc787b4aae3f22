/**
 * Entry point of `npm start` (and of `npm run dev` with --dev, where vite serves the pages itself and
 * proxies /api here). Order matters: configuration, build, database schema, then accept connections.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { systemClock } from './clock';
import { ConfigError, loadConfig } from './config';
import { isBuildStale, runViteBuild } from './build-check';
import { openConfiguredDatabase } from './db/database';
import { migrate } from './db/migrate';
import { CLEANUP_INTERVAL_MS, runCleanup } from './jobs/cleanup';
import { createLog } from './log';
import { paymentProviderName } from './payments';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const dev = process.argv.includes('--dev');

  if (!dev && isBuildStale(config.STATIC_DIR)) {
    console.log('[server] the built app is missing or out of date: running vite build…');
    await runViteBuild(config.STATIC_DIR);
  }

  const db = openConfiguredDatabase(config);
  await migrate(db);
  const log = createLog({ level: config.LOG_LEVEL });
  const cleanup = () => runCleanup({ db, clock: systemClock, config, log });
  await cleanup();
  // Unref'd: the timer alone never keeps the process alive.
  const purgeTimer = setInterval(() => void cleanup(), CLEANUP_INTERVAL_MS).unref();

  const app = createApp({ db, config, log });
  const payments = paymentProviderName(config);
  console.log(
    payments === 'stripe'
      ? '[server] payments: Stripe Checkout'
      : `[server] payments: SANDBOX test checkout (no money moves; ${config.PAYMENTS === 'sandbox' ? 'PAYMENTS=sandbox' : 'loopback PUBLIC_URL'})`,
  );
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info: AddressInfo) => {
    const local = `http://${info.family === 'IPv6' ? `[${info.address}]` : info.address}:${info.port}`;
    console.log(`[server] listening on ${local} — open ${config.PUBLIC_URL}${dev ? ' (API only, --dev)' : ''}`);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[server] ${signal}: shutting down`);
    clearInterval(purgeTimer);
    // Idle keep-alive connections would hold close() open; in-flight requests still get to finish.
    if ('closeIdleConnections' in server) server.closeIdleConnections();
    server.close(() => {
      void Promise.all([app.close(), db.destroy()]).then(() => process.exit(0));
    });
    setTimeout(() => {
      console.error('[server] requests still open after the grace period; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`[server] configuration error: ${error.message}`);
  else console.error('[server] failed to start:', error);
  process.exit(1);
});
