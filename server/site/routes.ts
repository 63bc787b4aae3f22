/**
 * /api's own calls, the one router mounted on /api itself: the health check for load balancers
 * (server/site/health.ts) and the settings the browser app reads at start-up (server/site/client-config.ts).
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import type { Readiness } from '../http/drain';
import type { Services } from '../services';
import { clientConfigRoutes } from './client-config';
import { healthRoutes } from './health';

export function siteRoutes(services: Services, readiness: Readiness) {
  const routes = new Hono<AppEnv>();
  routes.route('/', healthRoutes(services, readiness));
  routes.route('/', clientConfigRoutes(services));
  return routes;
}
