/**
 * Graceful shutdown behind a load balancer. On SIGTERM (a rolling deploy) or SIGINT the instance drains:
 *  1. the health check answers 503 "draining" from now on, so the balancer takes this instance out;
 *  2. the listening socket closes: new connections are refused and the balancer's next try goes elsewhere;
 *  3. requests in flight finish. Idle keep-alive connections are closed, every response not yet sent carries
 *     `Connection: close` and its connection is closed once it is answered, so clients reconnect to another
 *     instance instead of reusing this one;
 *  4. then what the app opened (its services, the database) is closed, and the process exits 0.
 * The grace period bounds steps 3 and 4: past it the process logs what was still open and exits 1.
 * A second signal while draining is logged and otherwise ignored: the grace period already bounds the wait,
 * and cutting short the very requests the drain protects is what SIGKILL is for.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { ServerLog } from '../log';

/**
 * Read by the health check and the app's first middleware. `draining` is set once the drain begins and never
 * cleared (a drained process exits). `waitingForDatabase` is set while a process that started with its database
 * unreachable waits for it to migrate (server/main.ts): every API call is answered 503 meanwhile.
 */
export interface Readiness {
  draining: boolean;
  waitingForDatabase?: boolean;
}

export interface DrainOptions {
  server: Server;
  readiness: Readiness;
  log: ServerLog;
  graceMs: number;
  /** Background work stopped as soon as the drain begins (e.g. the periodic clean-up's timer). */
  stop: Array<() => void>;
  /** Closed one after the other once the last request has finished (e.g. the app's services, then the database). */
  close: Array<() => Promise<unknown>>;
  /** Default: process.exit. */
  exit?: (code: number) => void;
}

/**
 * Starts watching the server's requests (call it before the first can arrive) and returns the function that
 * begins the drain; calling that again only logs.
 * Exported for tests/server/drain.test.ts, which calls it directly, with no signal handler installed.
 */
export function createDrain(options: DrainOptions): (signal: string) => void {
  const { server, readiness, log, graceMs } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const logger = log.logger;
  const graceSeconds = graceMs / 1000;
  const open = new Set<ServerResponse>();
  let started = false;

  const askToClose = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };

  // Prepended: runs before the app's listener, which may answer synchronously.
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    open.add(res);
    if (started) askToClose(res);
    res.once('close', () => {
      open.delete(res);
      // A response whose headers had left before the drain kept its connection alive: close it now it is idle.
      if (started) server.closeIdleConnections();
    });
  });

  return (signal) => {
    if (started) {
      logger.warn({ event: 'shutdown.signal_repeated', signal }, `${signal} while draining: still draining`);
      return;
    }
    started = true;
    readiness.draining = true;
    for (const stop of options.stop) stop();

    let closing = false;
    let gaveUp = false;
    const graceTimer = setTimeout(() => {
      gaveUp = true;
      const what = closing ? 'closing the services' : `${open.size} request(s) still open`;
      logger.error(
        { event: 'shutdown.grace_expired', openRequests: open.size, graceSeconds },
        `${what} after the ${graceSeconds} s grace period; exiting`,
      );
      exit(1);
    }, graceMs);

    // Stops listening at once; the callback runs when the last connection has ended.
    server.close(() => {
      closing = true;
      logger.info({ event: 'shutdown.requests_finished' }, 'no request left; closing the services and the database');
      void closeAll(options.close, log).then((ok) => {
        clearTimeout(graceTimer);
        // Past the grace period the process has already been told to exit 1: nothing cleaner follows it.
        if (gaveUp) return;
        if (ok) logger.info({ event: 'shutdown.complete' }, 'shut down cleanly');
        exit(ok ? 0 : 1);
      });
    });
    // server.close() has closed the idle connections too (Node 19 and later).
    for (const res of open) askToClose(res);
    logger.info(
      { event: 'shutdown.draining', signal, openRequests: open.size, graceSeconds },
      `${signal}: draining, no new connections; ${open.size} request(s) in flight, ${graceSeconds} s grace`,
    );
  };
}

/** Each step runs even when one before it failed; false when any failed (logged). */
async function closeAll(steps: Array<() => Promise<unknown>>, log: ServerLog): Promise<boolean> {
  let ok = true;
  for (const step of steps) {
    try {
      await step();
    } catch (err) {
      ok = false;
      log.logger.error({ event: 'shutdown.close_failed', err }, 'a service failed to close');
    }
  }
  return ok;
}

/** Drains on SIGTERM and SIGINT. */
export function drainOnSignals(options: DrainOptions): void {
  const drain = createDrain(options);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => drain(signal));
}
