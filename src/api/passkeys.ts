/**
 * The passkey calls (docs/product.md#passkeys): the account's passkeys under /users/passkeys (signed in), and
 * signing in with one at /auth/passkey. Every answer is checked with domain/passkeyContract.ts structs; the
 * options go to the browser as they come, and the browser's responses come back as it gives them.
 */
import {
  Passkey,
  type PasskeyAuthenticationResponse,
  PasskeyList,
  PasskeyRegistrationOptions,
  type PasskeyRegistrationOptionsRequest,
  type PasskeyRegistrationResponse,
  type PasskeyRemoveRequest,
  PasskeySignInOptions,
} from '#domain/passkeyContract';
import { SessionResponse } from '#domain/contract';
import type { Session } from '#domain/types';
import type { OwnerProof } from '#machines/lib/ownerProof';
import { del, get, patch, post } from './http';

const passkeyPath = (id: string) => `/users/passkeys/${encodeURIComponent(id)}`;

export const listPasskeys = (): Promise<Passkey[]> => get('/users/passkeys', PasskeyList, { auth: true });

/** The owner's proof gets options for the browser's prompt. */
export function registrationOptions(proof: OwnerProof): Promise<PasskeyRegistrationOptions> {
  const body: PasskeyRegistrationOptionsRequest = proof;
  return post('/users/passkeys/registration/options', PasskeyRegistrationOptions, body, { auth: true });
}

export const registerPasskey = (input: { name: string; response: PasskeyRegistrationResponse }): Promise<Passkey> =>
  post('/users/passkeys/registration', Passkey, { name: input.name, response: input.response }, { auth: true });

export const renamePasskey = (input: { id: string; name: string }): Promise<Passkey> =>
  patch(passkeyPath(input.id), Passkey, { name: input.name }, { auth: true });

/** Removing one takes the owner's proof, as adding one does. */
export function removePasskey(input: { id: string; proof: OwnerProof }): Promise<void> {
  const body: PasskeyRemoveRequest = input.proof;
  return del(passkeyPath(input.id), null, body, { auth: true });
}

export const signInOptions = (): Promise<PasskeySignInOptions> =>
  post('/auth/passkey/options', PasskeySignInOptions, undefined);

export const signInWithPasskey = (response: PasskeyAuthenticationResponse): Promise<Session> =>
  post('/auth/passkey', SessionResponse, { response });
