/**
 * /api/users (composed by server/account/routes.ts): account deletion on request, and its cancel
 * (server/account/deletion-request.ts).
 */
import { type Context, Hono } from 'hono';
import { DeletionRequest } from '#domain/contract';
import type { AppEnv } from '../http/app-env';
import { readJson, validate } from '../http/validate';
import type { Services } from '../services';
import { requireAuth } from '../ways-in/require-auth';
import { isBare } from './bare-body';
import { DELETION_PASSWORD_FIELD } from './deletion-proof';
import { cancelDeletionRequest, requestConfirmedDeletion, requestPlainDeletion } from './deletion-request';

export function deletionRoutes(services: Services) {
  const routes = new Hono<AppEnv>();
  const auth = requireAuth(services.sessions);
  const plainRequest = async (c: Context<AppEnv>) =>
    c.json(await requestPlainDeletion(services, c.get('auth').user), 200);

  // The contract's GET, kept as an alias of the bare POST below (docs/decisions/0023-one-home-per-resource.md).
  routes.get('/account/deletion/request', auth, plainRequest);

  // Bare (no Content-Type, no body: what the site sends for a customer), the plain request; otherwise with the
  // current password, counted as a password change's (server/ways-in/current-password.ts).
  routes.post('/account/deletion/request', auth, async (c) => {
    if (await isBare(c)) return plainRequest(c);
    const body = validate(DeletionRequest, await readJson(c), DELETION_PASSWORD_FIELD);
    return c.json(await requestConfirmedDeletion(services, c.get('auth').user, body.currentPassword), 200);
  });

  routes.post('/account/deletion/cancel', auth, async (c) =>
    c.json(await cancelDeletionRequest(services, c.get('auth').user.id), 200),
  );

  return routes;
}
