/** Signing in with a passkey, no e-mail asked (discoverable credentials). */
import { generateAuthenticationOptions } from '@simplewebauthn/server';
import type { PasskeySignInOptions, PasskeySignInRequest } from '#domain/passkeyContract';
import { addressLimitKey } from '../http/client-address';
import { HttpError } from '../http/errors';
import type { Services } from '../services';
import { findUserById } from '../users/repository';
import { finishSignIn } from '../ways-in/finish-sign-in';
import { CHALLENGE_TTL_MS } from '../ways-in/passkey-challenges';
import { type PasskeyTools, challengeBytes } from './ceremony';
import { PASSKEY_UNKNOWN_TEXT, verifySignIn } from './verify';

/** Nothing is written here (the challenge is signed, not stored), so the options need no limit of their own. */
export async function signInOptions({ rp, challenges }: PasskeyTools): Promise<PasskeySignInOptions> {
  return generateAuthenticationOptions({
    rpID: rp.id,
    challenge: challengeBytes(await challenges.make('authentication', null)),
    timeout: CHALLENGE_TTL_MS,
    allowCredentials: [],
    userVerification: 'required',
  });
}

export async function signInWithPasskey(
  services: Services,
  { rp, challenges }: PasskeyTools,
  body: PasskeySignInRequest,
  address: string,
) {
  const { db, limits } = services;
  // Counted under the sign-in limits of the caller's address before any check; a sign-in gives it back.
  const attempt = await limits.charge([{ limit: limits.login.address, key: addressLimitKey(address) }], { address });
  // Not `attempt.guard`: a refused answer was evaluated, and its point stays taken.
  const passkey = await verifySignIn(body.response, { rp, challenges, db, now: services.clock.now() }).catch(
    (error: unknown) => {
      if (error instanceof HttpError) services.log.security('signin.failure', { method: 'passkey', address });
      throw error;
    },
  );
  const user = await findUserById(db, passkey.user_id);
  if (!user) throw new HttpError(401, PASSKEY_UNKNOWN_TEXT);
  await attempt.giveBack();
  // A passkey is a second factor by itself (possession, and the PIN or biometrics the authenticator checked).
  return finishSignIn(services, user, 'passkey', address, 'passkey');
}
