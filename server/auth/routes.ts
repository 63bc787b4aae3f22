/**
 * /api/auth, the one router of its prefix: creating accounts and signing in and out with e-mail and password,
 * and a sign-in's second step; beside them, sign-in with Google (server/google/routes.ts).
 */
import { Hono } from 'hono';
import {
  LoginEmailRequest,
  PASSWORD_MAX,
  RegisterEmailRequest,
  SecondStepRequest,
  type SignOutOthersResponse,
  signedOutElsewhereText,
} from '#domain/contract';
import type { AppEnv } from '../http/app-env';
import { clientAddress, clientLimitKey } from '../http/client-address';
import { readForm, readJson, validate } from '../http/validate';
import type { Services } from '../services';
import { CODE_INVALID_TEXT } from '../ways-in/email-codes';
import { requireAuth } from '../ways-in/require-auth';
import { signInWithEmail } from './email-sign-in';
import { registerWithEmail } from './registration';
import { checkSecondStep } from './second-step-check';

export function authRoutes(services: Services) {
  const { config, sessions } = services;
  const routes = new Hono<AppEnv>();

  routes.post('/register/email', async (c) => {
    const body = validate(RegisterEmailRequest, await readForm(c));
    const from = { key: clientLimitKey(c, config.TRUST_PROXY), address: clientAddress(c, config.TRUST_PROXY) };
    return c.json(await registerWithEmail(services, body, from), 201);
  });

  routes.post('/login/email', async (c) => {
    const body = validate(LoginEmailRequest, await readJson(c), {
      password: `Please enter your password (at most ${PASSWORD_MAX} characters).`,
    });
    return c.json(await signInWithEmail(services, body, clientAddress(c, config.TRUST_PROXY)), 200);
  });

  routes.post('/login/second-step', async (c) => {
    const body = validate(SecondStepRequest, await readJson(c), { code: CODE_INVALID_TEXT, ticket: CODE_INVALID_TEXT });
    return c.json(await checkSecondStep(services, body, clientAddress(c, config.TRUST_PROXY)), 200);
  });

  routes.post('/logout', requireAuth(sessions), async (c) => {
    await sessions.revoke(c.get('auth').session.id);
    return c.body(null, 204);
  });

  // "Sign out everywhere" on the profile: every session of the account but this one ends.
  routes.post('/logout/others', requireAuth(sessions), async (c) => {
    const { user, session } = c.get('auth');
    const ended = await sessions.revokeAllForUser(user.id, { except: session.id });
    services.log.security('sessions.ended_others', { userId: user.id, ended });
    return c.json({ message: { en: signedOutElsewhereText(ended) } } satisfies SignOutOthersResponse, 200);
  });
  return routes;
}
