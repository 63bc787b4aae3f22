/**
 * The googleSignIn machine's real actors: the popup, the callback channel and the token exchange
 * (src/api/google.ts). The callback page (public/oauth-callback.html) answers over a BroadcastChannel,
 * which works even when the provider's opener policy cuts the popup off from this window.
 */
import { createActor, fromCallback, fromPromise, toPromise } from 'xstate';
import {
  GOOGLE_ERRORS,
  type GoogleMode,
  type GoogleSignInEvent,
  googleSignInMachine,
  POPUP_HEIGHT,
  POPUP_WIDTH,
} from '#machines/googleSignIn.machine';
import type { SignInResponse } from '#domain/contract';
import * as api from '#src/api/google';
import type { Inspect } from './ports';

const OAUTH_CHANNEL = 'storefront-oauth';
const POPUP_POLL_MS = 1000;

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function popupFeatures(): string {
  const left = Math.max(0, window.screenX + (window.outerWidth - POPUP_WIDTH) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2);
  return `popup,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${Math.round(left)},top=${Math.round(top)}`;
}

async function authorizationUrl(state: string, nonce: string): Promise<string> {
  const google = await api.googleClient();
  if (!google) throw new Error(GOOGLE_ERRORS.unavailable);
  const url = new URL(google.authorizationUrl);
  url.search = new URLSearchParams({
    client_id: google.clientId,
    redirect_uri: `${location.origin}/oauth-callback.html`,
    response_type: 'id_token token',
    scope: 'openid email profile',
    state,
    nonce,
    prompt: 'select_account',
  }).toString();
  return url.toString();
}

/** The googleSignIn machine with its real actors and actions; one per sign-in, as it owns its popup. */
export function wireGoogleSignIn() {
  let popup: Window | null = null;
  return googleSignInMachine.provide({
    actors: {
      openPopup: fromPromise(async ({ input }) => {
        popup = window.open('about:blank', 'google-sign-in', popupFeatures());
        if (!popup) throw new Error(GOOGLE_ERRORS.popupBlocked);
        try {
          popup.location.href = await authorizationUrl(input.state, input.nonce);
        } catch (error) {
          popup.close();
          throw error;
        }
      }),
      watchPopup: fromCallback<GoogleSignInEvent>(({ sendBack }) => {
        const channel = new BroadcastChannel(OAUTH_CHANNEL);
        channel.onmessage = ({ data }: MessageEvent) => {
          if (data?.type !== 'oauth-callback') return;
          const params = data.params as Record<string, string>;
          if (params.error)
            sendBack({ type: 'google.providerError', reason: params.error_description || params.error });
          else if (params.access_token) {
            sendBack({ type: 'google.callback', accessToken: params.access_token, state: params.state ?? '' });
          }
        };
        let reported = false;
        const poll = window.setInterval(() => {
          if (!reported && popup?.closed) {
            reported = true;
            sendBack({ type: 'google.closed' });
          }
        }, POPUP_POLL_MS);
        return () => {
          channel.close();
          window.clearInterval(poll);
        };
      }),
      exchangeToken: fromPromise(({ input }) => api.exchangeGoogleToken(input)),
    },
    actions: {
      closePopup: () => {
        if (popup && !popup.closed) popup.close();
      },
    },
  });
}

/**
 * Runs one sign-in. It must start inside the click that asked for it: the popup is opened at once
 * (browsers block popups opened later) and pointed at the provider when its address is known.
 */
export async function continueWithGoogle(mode: GoogleMode, inspect?: Inspect): Promise<SignInResponse> {
  const actor = createActor(wireGoogleSignIn(), {
    input: { mode, state: randomToken(), nonce: randomToken() },
    inspect,
  });
  actor.start();
  const output = await toPromise(actor);
  if ('error' in output) throw new Error(output.error);
  return output.answer;
}
