/**
 * /api/users (composed by server/account/routes.ts): a forgotten password, a code by e-mail and then a new
 * password (server/account/password-reset.ts).
 */
import { type Context, Hono } from 'hono';
import { ForgotPasswordQuery, ResetPasswordRequest } from '#domain/contract';
import type { AppEnv } from '../http/app-env';
import { readJson, validate } from '../http/validate';
import type { Services } from '../services';
import { CODE_FIELD, requester } from './codes';
import { requestResetCode, resetPassword } from './password-reset';

export function passwordRoutes(services: Services) {
  const routes = new Hono<AppEnv>();

  // Asking for a reset code stores a ticket and mails a code: the site asks with a POST (`…/forgot/code`, its
  // fields in a JSON body); the contract's GET, its fields in the query, stays for other clients
  // (docs/decisions/0023-one-home-per-resource.md).
  const sendResetCode = (fields: (c: Context<AppEnv>) => Promise<unknown>) => async (c: Context<AppEnv>) => {
    // `lang` (only English exists) and `sendTo` (the client's reset page) are accepted and not needed.
    const query = validate(ForgotPasswordQuery, await fields(c));
    return c.json(await requestResetCode(services, query.email, requester(c, services)), 200);
  };
  routes.get(
    '/password/forgot',
    sendResetCode(async (c) => c.req.query()),
  );
  routes.post('/password/forgot/code', sendResetCode(readJson));

  routes.post('/password/forgot', async (c) => {
    const body = validate(ResetPasswordRequest, await readJson(c), CODE_FIELD);
    return c.json(await resetPassword(services, body, requester(c, services)), 200);
  });

  return routes;
}
