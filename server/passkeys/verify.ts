/**
 * Checking what the browser answered to a ceremony, with @simplewebauthn/server, and saying in plain words
 * why an answer is refused: another site's (origin or RP id), a challenge expired or used before, or a
 * credential or signature that does not hold. The library's own messages name internals and stay in here.
 */
import { verifyAuthenticationResponse, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { Kysely } from 'kysely';
import {
  AUTHENTICATOR_TRANSPORTS,
  type PasskeyAuthenticationResponse,
  type PasskeyRegistrationResponse,
} from '#domain/passkeyContract';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import type { PasskeyChallenges } from '../ways-in/passkey-challenges';
import type { RelyingParty } from './relying-party';
import { type PasskeyRow, counterOf, transportsOf } from '../ways-in/passkeys';
import { findPasskeyByCredential, recordPasskeyUse } from '../ways-in/passkeys-repository';

export const OTHER_SITE_TEXT = 'This passkey answer was made for another site. Please use a passkey of this site.';
export const CHALLENGE_TEXT = 'This passkey request has expired or was already used. Please start again.';
export const NOT_VERIFIED_TEXT = 'The passkey could not be verified. Please try again.';
export const PASSKEY_UNKNOWN_TEXT = 'This passkey is not registered here.';
export const MALFORMED_TEXT = 'The passkey response is missing or malformed.';

type Transport = (typeof AUTHENTICATOR_TRANSPORTS)[number];

/** The parts of the browser's clientDataJSON read before the library: the origin and the challenge. */
function clientData(encoded: string): { origin: string; challenge: string } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    // Object() boxes any JSON value (null as an empty object), so reading a field of it cannot throw.
    const { origin, challenge } = Object(parsed) as Record<string, unknown>;
    if (typeof origin === 'string' && typeof challenge === 'string') return { origin, challenge };
  } catch {
    // Not JSON: refused below, as any other malformed answer.
  }
  throw new HttpError(400, MALFORMED_TEXT);
}

/** An answer from a page of another origin is refused before anything is checked or used up. */
function sameSite(rp: RelyingParty, encoded: string): { challenge: string } {
  const data = clientData(encoded);
  if (data.origin !== rp.origin) throw new HttpError(400, OTHER_SITE_TEXT);
  return data;
}

function isOtherRpId(error: unknown): boolean {
  return error instanceof Error && error.name === 'UnexpectedRPIDHash';
}

function knownTransports(transports: readonly string[] | undefined): Transport[] {
  return (
    transports?.filter((item): item is Transport => (AUTHENTICATOR_TRANSPORTS as readonly string[]).includes(item)) ??
    []
  );
}

export interface NewCredential {
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: Transport[];
}

/** A registration answer of the signed-in `userId`, to its own challenge; the credential to store. */
export async function verifyRegistration(
  response: PasskeyRegistrationResponse,
  ctx: { rp: RelyingParty; challenges: PasskeyChallenges; userId: string },
): Promise<NewCredential> {
  const { rp, challenges, userId } = ctx;
  sameSite(rp, response.response.clientDataJSON);
  let challengeRefused = false;
  const result = await verifyRegistrationResponse({
    response: {
      id: response.id,
      rawId: response.rawId,
      type: response.type,
      response: {
        clientDataJSON: response.response.clientDataJSON,
        attestationObject: response.response.attestationObject,
      },
      // Not the authenticator's attachment: nothing here reads it.
      clientExtensionResults: {},
    },
    expectedChallenge: async (challenge) => {
      challengeRefused = !(await challenges.use(challenge, 'registration', userId));
      return !challengeRefused;
    },
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch((error: unknown) => {
    if (challengeRefused) throw new HttpError(400, CHALLENGE_TEXT);
    if (isOtherRpId(error)) throw new HttpError(400, OTHER_SITE_TEXT);
    throw new HttpError(400, NOT_VERIFIED_TEXT);
  });
  if (!result.verified) throw new HttpError(400, NOT_VERIFIED_TEXT);
  const { credential } = result.registrationInfo;
  return {
    credentialId: credential.id,
    publicKey: credential.publicKey,
    counter: credential.counter,
    transports: knownTransports(response.response.transports),
  };
}

/**
 * A sign-in answer: the challenge used up first (an answer is checked once, right or wrong), then the
 * passkey it names, its signature, and its counter moved on. The passkey's row, or an HttpError.
 */
export async function verifySignIn(
  response: PasskeyAuthenticationResponse,
  ctx: { rp: RelyingParty; challenges: PasskeyChallenges; db: Kysely<Database>; now: Date },
): Promise<PasskeyRow> {
  const { rp, challenges, db, now } = ctx;
  const { challenge } = sameSite(rp, response.response.clientDataJSON);
  if (!(await challenges.use(challenge, 'authentication', null))) throw new HttpError(400, CHALLENGE_TEXT);
  const row = await findPasskeyByCredential(db, response.id);
  if (!row) throw new HttpError(401, PASSKEY_UNKNOWN_TEXT);
  // A discoverable credential names its account: it must be the one the passkey was registered to.
  const { userHandle } = response.response;
  if (userHandle && Buffer.from(userHandle, 'base64url').toString('utf8') !== row.user_id) {
    throw new HttpError(401, PASSKEY_UNKNOWN_TEXT);
  }
  const result = await verifyAuthenticationResponse({
    response: {
      id: response.id,
      rawId: response.rawId,
      type: response.type,
      response: {
        clientDataJSON: response.response.clientDataJSON,
        authenticatorData: response.response.authenticatorData,
        // Not the user handle: it was compared above; the library only reads its type.
        signature: response.response.signature,
      },
      clientExtensionResults: {},
    },
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: row.credential_id,
      publicKey: new Uint8Array(row.public_key),
      counter: counterOf(row),
      transports: knownTransports(transportsOf(row)),
    },
    requireUserVerification: true,
  }).catch((error: unknown) => {
    if (isOtherRpId(error)) throw new HttpError(400, OTHER_SITE_TEXT);
    throw new HttpError(401, NOT_VERIFIED_TEXT);
  });
  if (!result.verified) throw new HttpError(401, NOT_VERIFIED_TEXT);
  // Two answers racing with one counter (a cloned authenticator): only the first signs in.
  if (!(await recordPasskeyUse(db, row, result.authenticationInfo.newCounter, now))) {
    throw new HttpError(401, NOT_VERIFIED_TEXT);
  }
  return { ...row, counter: result.authenticationInfo.newCounter, last_used_at: now.toISOString() };
}
