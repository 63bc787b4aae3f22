/**
 * Which body limit each route has, in one table: BODY_LIMIT_BYTES for every request, except the routes listed
 * here, whose bodies carry a file. A listed route takes its own size (or the app-wide one, if that is larger)
 * and says so in the words of the check on the file itself, since a body that large can only be the file.
 *
 * Only the methods whose routes read a body are checked: no GET route reads one, so a GET (the most frequent
 * request) skips the check (docs/performance.md).
 */
import type { MiddlewareHandler } from 'hono';
import { limitBody, limitBodyTo } from './body-limit';
import { errorResponse } from './errors';

/** The methods of the routes that read a request body. */
export const METHODS_WITH_BODIES = ['POST', 'PUT', 'PATCH', 'DELETE'];

export interface BodyLimitRoute {
  method: string;
  /** As the route is registered: fixed segments and `:name` parameters (one segment each). */
  path: string;
  maxBytes: number;
  /** The 413's text. */
  tooLargeText: string;
}

/** A registered path as a pattern for request paths: each `:name` stands for one segment. */
function pathPattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

/** The table's row for a request, if any: the patterns are made once, when the finder is. */
function rowFinder(routes: readonly BodyLimitRoute[]): (method: string, path: string) => BodyLimitRoute | undefined {
  const rows = routes.map((route) => ({ route, pattern: pathPattern(route.path) }));
  return (method, path) => rows.find((row) => row.route.method === method && row.pattern.test(path))?.route;
}

/** The limit of a request: its route's in the table, or the app-wide `defaultMaxBytes`. */
export function bodyLimitFor(
  method: string,
  path: string,
  defaultMaxBytes: number,
  routes: readonly BodyLimitRoute[],
): { maxBytes: number; route: BodyLimitRoute | undefined } {
  const route = rowFinder(routes)(method, path);
  return { maxBytes: route ? Math.max(route.maxBytes, defaultMaxBytes) : defaultMaxBytes, route };
}

/** The app's body limit: each request judged by the limit of its route (BODY_LIMIT_ROUTES), in that route's words. */
export function limitBodies(defaultMaxBytes: number, routes: readonly BodyLimitRoute[]): MiddlewareHandler {
  const fallback = limitBody(defaultMaxBytes);
  const find = rowFinder(routes);
  // One middleware per listed route, made once, not per request.
  const limits = new Map(
    routes.map((route) => [
      route,
      limitBodyTo(Math.max(route.maxBytes, defaultMaxBytes), (c) => errorResponse(c, 413, route.tooLargeText)),
    ]),
  );
  return (c, next) => {
    const route = find(c.req.method, c.req.path);
    return (route ? limits.get(route)! : fallback)(c, next);
  };
}
