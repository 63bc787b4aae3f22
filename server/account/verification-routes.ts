/**
 * /api/users (composed by server/account/routes.ts): verifying the account's e-mail address with a code
 * (server/account/verification.ts).
 */
import { type Context, Hono } from 'hono';
import { VerifyRequest } from '#domain/contract';
import type { AppEnv } from '../http/app-env';
import { readJson, validate } from '../http/validate';
import type { Services } from '../services';
import { requireAuth } from '../ways-in/require-auth';
import { CODE_FIELD, requester } from './codes';
import { sendVerificationCode, verifyEmail } from './verification';

export function verificationRoutes(services: Services) {
  const routes = new Hono<AppEnv>();
  const auth = requireAuth(services.sessions);

  // /verify/{type}: e-mail is the only type there is, so the only path; any other type is the API's 404. A path
  // of its own rather than a parameter keeps every route within Hono's fastest router (docs/performance.md).
  const sendCode = async (c: Context<AppEnv>) => c.json(await sendVerificationCode(services, c.get('auth').user), 200);
  routes.get('/verify/email', auth, sendCode);
  routes.post('/verify/email/code', auth, sendCode);

  routes.post('/verify/email', auth, async (c) => {
    const body = validate(VerifyRequest, await readJson(c), CODE_FIELD);
    return c.json(await verifyEmail(services, c.get('auth'), body.code, requester(c, services)), 200);
  });

  return routes;
}
