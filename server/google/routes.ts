/**
 * /api/auth (composed beside server/auth/routes.ts in server/prefixes.ts): creating accounts and signing in
 * with Google. The browser sends the access token its sign-in popup received; the server verifies it with the
 * provider (server/google/verify.ts) and finds, links or creates the account (server/google/sign-in.ts).
 */
import { Hono } from 'hono';
import { GoogleTokenRequest } from '#domain/contract';
import type { AppEnv } from '../http/app-env';
import { clientAddress, clientLimitKey } from '../http/client-address';
import { readJson, validate } from '../http/validate';
import type { Services } from '../services';
import { googleSignIn, requireGoogle } from './sign-in';

export const GOOGLE_TOKEN_FIELD_TEXT = 'The Google sign-in did not send a token. Please try again.';

export function googleAuthRoutes(services: Services) {
  const { config } = services;
  const routes = new Hono<AppEnv>();

  const handle = (mode: 'register' | 'login') =>
    routes.post(`/${mode}/google`, requireGoogle(config), async (c) => {
      const body = validate(GoogleTokenRequest, await readJson(c), { googleToken: GOOGLE_TOKEN_FIELD_TEXT });
      const from = { key: clientLimitKey(c, config.TRUST_PROXY), address: clientAddress(c, config.TRUST_PROXY) };
      const { body: answer, status } = await googleSignIn(services, mode, body.googleToken, from);
      return c.json(answer, status);
    });

  // Both "Continue with Google" buttons: signs in, or creates the account first.
  handle('register');
  // Signs in an account that already uses this Google sign-in; 404 otherwise.
  handle('login');
  return routes;
}
