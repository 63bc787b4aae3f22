/**
 * GET /metrics, for Prometheus (docs/operating.md#metrics): this instance's metrics in the text format, only
 * to `Authorization: Bearer <METRICS_TOKEN>`. Without METRICS_TOKEN the path does not exist (the API's 404),
 * and prom-client is never loaded; with it, a missing or wrong token gets 401.
 */
import { Hono } from 'hono';
import type { Config } from '../config';
import type { AppEnv } from '../http/app-env';
import { NOT_FOUND_TEXT, errorResponse } from '../http/errors';
import { type Exposition, createExposition } from './exposition';
import type { Metrics } from './metrics';
import { bearerTokenMatches } from './token';

export const METRICS_TOKEN_TEXT = 'A valid metrics token is required.';

export function metricsRoutes(config: Pick<Config, 'METRICS_TOKEN'>, metrics: Metrics) {
  const routes = new Hono<AppEnv>();
  const token = config.METRICS_TOKEN;
  if (token === undefined) {
    // The API's 404 (not the site's page): to a caller, the path does not exist.
    routes.get('/metrics', (c) => errorResponse(c, 404, NOT_FOUND_TEXT));
    return routes;
  }
  // Loaded with the app, not at the first scrape, so the process metrics (event-loop delay, GC) start now.
  const exposition: Promise<Exposition> = createExposition(metrics);
  // A failure to load is reported at each scrape (500, logged), never as an unhandled rejection.
  exposition.catch(() => {});

  routes.get('/metrics', async (c) => {
    if (!bearerTokenMatches(c.req.header('authorization'), token)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return errorResponse(c, 401, METRICS_TOKEN_TEXT);
    }
    const scrape = await exposition;
    return c.body(await scrape.text(), 200, { 'Content-Type': scrape.contentType, 'Cache-Control': 'no-store' });
  });
  return routes;
}
