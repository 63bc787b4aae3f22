/**
 * /api/users (composed by server/account/routes.ts): the e-mail change's codes. The profile update starts the
 * change (server/account/profile-routes.ts); these routes carry its codes (server/account/email-change-requests.ts).
 */
import { type Context, Hono } from 'hono';
import { EmailChangeConfirmRequest } from '#domain/contract';
import type { AppEnv } from '../http/app-env';
import { readJson, validate } from '../http/validate';
import type { Services } from '../services';
import { requireAuth } from '../ways-in/require-auth';
import { CODE_FIELD, requester } from './codes';
import { confirmEmailChange, resendNewAddressCode, sendEmailChangeCode } from './email-change-requests';

export function emailChangeRoutes(services: Services) {
  const routes = new Hono<AppEnv>();
  const auth = requireAuth(services.sessions);

  const sendCode = async (c: Context<AppEnv>) => c.json(await sendEmailChangeCode(services, c.get('auth').user), 200);
  // Each code request writes and mails: the site sends a POST; the contract's GET stays for other clients.
  routes.get('/verify/email-change', auth, sendCode);
  routes.post('/verify/email-change/code', auth, sendCode);

  routes.post('/verify/email-change', auth, async (c) => {
    const body = validate(EmailChangeConfirmRequest, await readJson(c), CODE_FIELD);
    return c.json(await confirmEmailChange(services, c.get('auth'), body, requester(c, services)), 200);
  });

  const resend = async (c: Context<AppEnv>) => c.json(await resendNewAddressCode(services, c.get('auth').user), 200);
  routes.get('/verify/email-change/resend', auth, resend);
  routes.post('/verify/email-change/resend', auth, resend);

  return routes;
}
