/**
 * What every passkey ceremony needs: the relying party and the challenges, made once per router so that the
 * challenges' key is derived once; and the two byte strings the options carry.
 */
import { createServerSecret } from '../secrets';
import type { Services } from '../services';
import { type PasskeyChallenges, createPasskeyChallenges } from '../ways-in/passkey-challenges';
import { type RelyingParty, relyingParty } from './relying-party';

export interface PasskeyTools {
  rp: RelyingParty;
  challenges: PasskeyChallenges;
}

export function passkeyTools(services: Services): PasskeyTools {
  return {
    rp: relyingParty(services.config),
    challenges: createPasskeyChallenges({ ...services, secret: createServerSecret(services) }),
  };
}

/** A WebAuthn user handle: the account's id, which names no person (decision 0029). */
export function userHandle(userId: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(userId);
}

/** The challenge's bytes: the options carry them base64url-encoded, which is the challenge's own text. */
export function challengeBytes(challenge: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(challenge, 'base64url'));
}
