/** /api/avatars: users' pictures, open to all (<img> tags send no token; see server/avatars/serve.ts). */
import { Hono } from 'hono';
import { serveAvatar } from './serve';
import type { AppEnv } from '../http/app-env';
import type { Services } from '../services';

export function avatarRoutes(services: Services) {
  const routes = new Hono<AppEnv>();
  routes.get('/:id', serveAvatar(services.db));
  return routes;
}
