/**
 * Creating an account or signing in with Google: the token the popup received is verified with the provider
 * (server/google/verify.ts), then the account is found, linked or created (server/ways-in/google-links.ts).
 */
import { createMiddleware } from 'hono/factory';
import type { Config } from '../config';
import type { AppEnv } from '../http/app-env';
import { HttpError } from '../http/errors';
import type { Services } from '../services';
import { toWireUser } from '../users/wire';
import { GOOGLE_PROVIDER, type GoogleSignIn, signInWithGoogle } from '../ways-in/google-links';
import { accountChanged, queueAccountNotice } from '../ways-in/notify-change';
import { twoFactorStep } from '../ways-in/second-step';
import { GOOGLE_OFF_TEXT, verifyGoogleToken } from './verify';

/** 503 before anything is read while the site has no OAUTH_CLIENT_ID. */
export function requireGoogle(config: Pick<Config, 'OAUTH_CLIENT_ID'>) {
  return createMiddleware<AppEnv>(async (_c, next) => {
    if (!config.OAUTH_CLIENT_ID) throw new HttpError(503, GOOGLE_OFF_TEXT);
    await next();
  });
}

/** The provider's answer to the account: a refused link is written to the security log. */
async function findOrLink(
  services: Services,
  profile: Parameters<typeof signInWithGoogle>[1],
  mode: Mode,
  address: string,
) {
  try {
    return await signInWithGoogle(services, profile, mode);
  } catch (error) {
    if (error instanceof HttpError && error.status === 409) {
      services.log.security('identity.link_refused', { provider: GOOGLE_PROVIDER, reason: error.en, address });
    }
    throw error;
  }
}

type Mode = 'register' | 'login';

/** The answer's body and status: 201 for an account made now, 200 otherwise (also for the app's step). */
export async function googleSignIn(
  services: Services,
  mode: Mode,
  googleToken: string,
  from: { key: string; address: string },
): Promise<{ body: object; status: 200 | 201 }> {
  const { config, clock, limits } = services;
  const { address } = from;
  // Every attempt counts, before the provider is asked about the token.
  await limits.charge([{ limit: limits.google.address, key: from.key }], { address });
  const profile = await verifyGoogleToken(config, googleToken, clock.now(), services.log);
  const { user, token, created, linked }: GoogleSignIn = await findOrLink(services, profile, mode, address);
  if (linked) {
    // Queued right after the sign-in's own transaction (server/ways-in/google-links.ts), which links the identity.
    const change = { kind: 'identity_linked', provider: 'Google' } as const;
    await queueAccountNotice(services.db, services, user, change, clock.now());
    accountChanged(services, user, change);
  }
  // An account with an authenticator app: Google was its first step, the app's code comes next.
  if (token === null) {
    return { body: await twoFactorStep(services, user, { address, method: GOOGLE_PROVIDER }), status: 200 };
  }
  services.log.security(created ? 'register.success' : 'signin.success', {
    userId: user.id,
    method: GOOGLE_PROVIDER,
    address,
  });
  return { body: { user: toWireUser(user, config, null), token }, status: created ? 201 : 200 };
}
