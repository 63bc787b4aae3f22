/** GET /api/client-config: the settings the browser app reads at start-up (the contract's ClientConfig). */
import { Hono } from 'hono';
import type { ClientConfig } from '../../src/api/contract';
import type { AppEnv } from '../http/app-env';
import type { Services } from '../services';

export function clientConfigRoutes(services: Services) {
  const routes = new Hono<AppEnv>();
  const body: ClientConfig = { geolocationUrl: services.config.GEOLOCATION_URL };
  routes.get('/client-config', (c) => c.json(body, 200));
  return routes;
}
