/** GET /api/client-config: the settings the browser app reads at start-up (the contract's ClientConfig). */
import { Hono } from 'hono';
import type { ClientConfig } from '#domain/contract';
import type { AppEnv } from '../http/app-env';
import type { Services } from '../services';

export function clientConfigRoutes(services: Services) {
  const routes = new Hono<AppEnv>();
  const { config } = services;
  const body: ClientConfig = {
    geolocationUrl: config.GEOLOCATION_URL,
    // Where the sign-in popup goes and as whom the site asks; null: sign-in with Google is off.
    google: config.OAUTH_CLIENT_ID
      ? { authorizationUrl: config.OAUTH_AUTHORIZATION_URL, clientId: config.OAUTH_CLIENT_ID }
      : null,
  };
  routes.get('/client-config', (c) => c.json(body, 200));
  return routes;
}
