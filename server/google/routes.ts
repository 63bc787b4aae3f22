/**
 * /api/auth (composed into server/auth/routes.ts): creating accounts and signing in with Google. The browser sends the
 * access token its sign-in popup received; the server verifies it with the provider (server/google/verify.ts)
 * and finds, links or creates the account (server/ways-in/google-links.ts).
 */
import { Hono } from 'hono';
import { GoogleTokenRequest } from '#domain/contract';
import { accountChanged, queueAccountNotice } from '../ways-in/notify-change';
import { GOOGLE_PROVIDER, signInWithGoogle } from '../ways-in/google-links';
import { GOOGLE_OFF_TEXT, verifyGoogleToken } from './verify';
import type { AppEnv } from '../http/app-env';
import { clientAddress, clientLimitKey } from '../http/client-address';
import { HttpError } from '../http/errors';
import { readJson, validate } from '../http/validate';
import type { Services } from '../services';
import { toWireUser } from '../users/wire';
import { twoFactorStep } from '../ways-in/second-step';

export const GOOGLE_TOKEN_FIELD_TEXT = 'The Google sign-in did not send a token. Please try again.';

export function googleAuthRoutes(services: Services) {
  const { config, clock, limits } = services;
  const routes = new Hono<AppEnv>();

  const handle = (mode: 'register' | 'login') =>
    routes.post(`/${mode}/google`, async (c) => {
      if (!config.OAUTH_CLIENT_ID) throw new HttpError(503, GOOGLE_OFF_TEXT);
      const body = validate(GoogleTokenRequest, await readJson(c), { googleToken: GOOGLE_TOKEN_FIELD_TEXT });
      const address = clientAddress(c, config.TRUST_PROXY);
      // Every attempt counts, before the provider is asked about the token.
      await limits.charge([{ limit: limits.google.address, key: clientLimitKey(c, config.TRUST_PROXY) }], {
        address,
      });
      const profile = await verifyGoogleToken(config, body.googleToken, clock.now(), services.log);
      let signedIn;
      try {
        signedIn = await signInWithGoogle(services, profile, mode);
      } catch (error) {
        if (error instanceof HttpError && error.status === 409) {
          services.log.security('identity.link_refused', { provider: GOOGLE_PROVIDER, reason: error.en, address });
        }
        throw error;
      }
      const { user, token, created, linked } = signedIn;
      if (linked) {
        // Queued right after the sign-in's own transaction (server/ways-in/google-links.ts), which links the identity.
        const change = { kind: 'identity_linked', provider: 'Google' } as const;
        await queueAccountNotice(services.db, services, user, change, clock.now());
        accountChanged(services, user, change);
      }
      // An account with an authenticator app: Google was its first step, the app's code comes next.
      if (token === null) return c.json(await twoFactorStep(services, user, { address, method: GOOGLE_PROVIDER }), 200);
      services.log.security(created ? 'register.success' : 'signin.success', {
        userId: user.id,
        method: GOOGLE_PROVIDER,
        address,
      });
      return c.json({ user: toWireUser(user, config, null), token }, created ? 201 : 200);
    });

  // Both "Continue with Google" buttons: signs in, or creates the account first.
  handle('register');
  // Signs in an account that already uses this Google sign-in; 404 otherwise.
  handle('login');
  return routes;
}
