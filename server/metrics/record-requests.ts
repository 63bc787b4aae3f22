/**
 * The middleware that counts and times every request (installed first by server/app.ts while METRICS_TOKEN is
 * set). Kept to what a hot route can afford (docs/decisions/0013-fast-paths-for-every-request.md): two
 * `performance.now()` calls, the matched route's path and plain-number updates (requests.ts); its measured
 * cost on `GET /api/users/authenticate` is in docs/performance.md.
 */
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { isDatabaseUnavailable } from '../db/errors';
import type { Metrics } from './metrics';

/** The label of requests no route claimed (unknown paths, stray methods): one series, whatever the URL. */
const UNMATCHED_ROUTE = 'unmatched';

/** Methods outside these (Node's parser knows 30-odd, in-process callers any) share one label. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Hono's path of the handler that answered (e.g. `/api/orders/:id`). A 404 from a catch-all (`/api/*`, the
 * SPA's `*`, or a wildcard middleware when nothing matched) is an unknown path: one label for all of them.
 */
function routeLabel(path: string, status: number): string {
  return status === 404 && path.endsWith('*') ? UNMATCHED_ROUTE : path;
}

export function recordRequests(metrics: Metrics): MiddlewareHandler {
  const { requests, database } = metrics;
  return async (c, next) => {
    const started = performance.now();
    await next();
    const seconds = (performance.now() - started) / 1000;
    const { status } = c.res;
    const method = METHODS.has(c.req.method) ? c.req.method : 'OTHER';
    // After next(), Hono's route index points at the handler that answered (or the one whose error was handled).
    requests.record(method, routeLabel(routePath(c), status), status, seconds);
    // The 503 of server/http/errors.ts for a database outage.
    if (status === 503 && c.error !== undefined && isDatabaseUnavailable(c.error)) database.unavailable += 1;
  };
}
