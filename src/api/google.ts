/**
 * The Google sign-in calls (docs/product.md#authentication, docs/decisions/0006-google-popup-sign-in.md):
 * the client config's Google client, and the exchange of the provider's access token for our session.
 */
import { ClientConfig, type GoogleClientConfig, SignInResponse } from '#domain/contract';
import type { Infer } from 'superstruct';
import { get, post } from './http';

export type GoogleClient = Infer<typeof GoogleClientConfig>;

/** The Google client the site offers, or null when it offers no Google sign-in. */
export async function googleClient(): Promise<GoogleClient | null> {
  const { google } = await get('/client-config', ClientConfig);
  return google ?? null;
}

/** Whether the site offers Google sign-in: its client config names a Google client. */
export async function googleAvailable(): Promise<boolean> {
  return (await googleClient()) !== null;
}

/** POST /auth/register/google or /auth/login/google with the provider's access token. */
/** Answers a session, or the authenticator app's step for an account with one (docs/product.md#second-factor). */
export const exchangeGoogleToken = (input: {
  mode: 'login' | 'register';
  accessToken: string;
}): Promise<SignInResponse> =>
  post(`/auth/${input.mode === 'login' ? 'login' : 'register'}/google`, SignInResponse, {
    googleToken: input.accessToken,
  });
