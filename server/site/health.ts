/**
 * GET /api/health, for the load balancer: 200 while this instance serves and its database answers; 503 once
 * it drains (server/http/drain.ts), or while the database fails or is slower than the bound. Never a 500 and
 * never a hang: a balancer waiting on a health check keeps sending traffic to an instance that cannot serve it.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import type { Readiness } from '../http/drain';
import { errorBody } from '../http/errors';
import type { Services } from '../services';
import { pingDatabase } from './health-repository';

/** A database slower than this counts as unreachable: a healthy one answers `SELECT 1` in milliseconds. */
export const HEALTH_DATABASE_TIMEOUT_MS = 2000;
/** Either cause is usually over within seconds: a restarted database, or another instance taking the traffic. */
const RETRY_AFTER_SECONDS = '5';
export const DRAINING_TEXT = 'This server is shutting down. Please try again.';
export const DATABASE_UNREACHABLE_TEXT = 'The service is temporarily unavailable. Please try again shortly.';

type Unhealthy = { status: 'draining' } | { status: 'unavailable'; database: 'unreachable' };

function unhealthy(c: Context<AppEnv>, state: Unhealthy, en: string): Response {
  c.header('Retry-After', RETRY_AFTER_SECONDS);
  return c.json({ ...state, ...errorBody(en) }, 503);
}

/** Why the database did not answer within `timeoutMs`; undefined when it did. */
async function databaseProblem(db: Services['db'], timeoutMs: number): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${timeoutMs} ms`), timeoutMs);
  });
  const query = pingDatabase(db).then(
    () => undefined,
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(services: Pick<Services, 'db' | 'log'>, readiness: Readiness) {
  const routes = new Hono<AppEnv>();
  routes.get('/health', async (c) => {
    if (readiness.draining) return unhealthy(c, { status: 'draining' }, DRAINING_TEXT);
    if (readiness.waitingForDatabase) {
      return unhealthy(c, { status: 'unavailable', database: 'unreachable' }, DATABASE_UNREACHABLE_TEXT);
    }
    const problem = await databaseProblem(services.db, HEALTH_DATABASE_TIMEOUT_MS);
    // Checked again: the drain may have begun while the query ran.
    if (readiness.draining) return unhealthy(c, { status: 'draining' }, DRAINING_TEXT);
    if (problem !== undefined) {
      services.log.logger.warn(
        { event: 'health.database_unreachable', reason: problem },
        'health: database unreachable',
      );
      return unhealthy(c, { status: 'unavailable', database: 'unreachable' }, DATABASE_UNREACHABLE_TEXT);
    }
    return c.json({ status: 'ok', database: 'ok' }, 200);
  });
  return routes;
}
