/**
 * Sign-in with Google through a popup (with the identity library's numbers): open the
 * provider's page in a 500x600 popup with a fresh `state` and nonce, receive the access token on our
 * callback page, check `state`, close the popup, and hand the token to our server.
 *
 * A popup reported closed may only look closed (a provider's opener policy hides it), so, as the identity
 * library does, the answer is awaited 8 s more before the popup counts as closed by the user.
 *
 * Our server's answer is a session, or for an account with an authenticator app the step it still asks for
 * (docs/product.md#second-factor): either is the machine's output, for the screen that started it.
 */
import { assertEvent, assign, fromCallback, fromPromise, setup } from 'xstate';
import type { SignInResponse } from '#domain/contract';
import { assignError } from './lib/assignError';
import { providedByView } from './lib/providedByView';

export const POPUP_WIDTH = 500;
export const POPUP_HEIGHT = 600;
export const CLOSED_DETECTION_DELAY_MS = 8000;

/** The texts shown under the password field, in the spirit of the identity library's codes. */
export const GOOGLE_ERRORS = {
  /** The site has no Google sign-in configured (its client config says `google: null`). */
  unavailable: 'Google sign-in is not available on this site. Please use your e-mail and password.',
  popupBlocked: 'The Google sign-in window was blocked. Allow pop-ups for this site and try again.',
  popupClosedByUser: 'The Google sign-in window was closed before you finished signing in.',
  stateMismatch: 'The answer from Google could not be trusted. Please try again.',
  provider: (reason: string) => `Google could not sign you in (${reason}). Please try again.`,
  /** The Register screen has no second step: an existing account with an authenticator app signs in on Login. */
  secondStepOnSignInPage:
    'This account asks for the code of its authenticator app: please continue with Google on the sign-in page.',
} as const;

export type GoogleMode = 'register' | 'login';

/**
 * Whether the site offers Google sign-in, as the screens with a Google button learn it from the client
 * config: 'checking' until it answers, 'unknown' when it could not be asked. Only 'unavailable' keeps
 * the popup shut.
 */
export type GoogleAvailability = 'checking' | 'available' | 'unavailable' | 'unknown';

export type GoogleSignInEvent =
  | { type: 'google.callback'; accessToken: string; state: string }
  | { type: 'google.providerError'; reason: string }
  | { type: 'google.closed' };

interface GoogleSignInContext {
  mode: GoogleMode;
  state: string;
  nonce: string;
  accessToken: string | null;
  /** Our server's answer: a session, or the second step it asks for. */
  answer: SignInResponse | null;
  error: string | null;
}

export type GoogleSignInOutput = { answer: SignInResponse } | { error: string };

export const googleSignInMachine = setup({
  types: {} as {
    context: GoogleSignInContext;
    events: GoogleSignInEvent;
    input: { mode: GoogleMode; state: string; nonce: string };
    output: GoogleSignInOutput;
  },
  actors: {
    /** Opens the popup on the provider's page; rejects (GOOGLE_ERRORS.popupBlocked) when the browser blocked it. */
    openPopup: fromPromise<void, { state: string; nonce: string }>(async () => {}),
    /** Reports the callback page's answer and the popup being closed. */
    watchPopup: fromCallback<GoogleSignInEvent>(() => {}),
    /** Our server: POST /auth/register/google or /auth/login/google with {googleToken}. */
    exchangeToken: fromPromise<SignInResponse, { mode: GoogleMode; accessToken: string }>(async () => {
      throw new Error('exchangeToken is not provided');
    }),
  },
  actions: {
    assignError: assignError<GoogleSignInContext, GoogleSignInEvent>(),
    closePopup: providedByView(),
  },
  guards: {
    stateMatches: ({ context, event }) => {
      assertEvent(event, 'google.callback');
      return event.state === context.state;
    },
  },
  delays: { closedDetectionDelay: CLOSED_DETECTION_DELAY_MS },
}).createMachine({
  id: 'googleSignIn',
  context: ({ input }) => ({ ...input, accessToken: null, answer: null, error: null }),
  initial: 'opening',
  states: {
    opening: {
      invoke: {
        id: 'openPopup',
        src: 'openPopup',
        input: ({ context }) => ({ state: context.state, nonce: context.nonce }),
        onDone: 'awaiting',
        // The opener says why (a blocked popup, or Google sign-in not being available).
        onError: { target: 'failed', actions: 'assignError' },
      },
    },
    awaiting: {
      invoke: { id: 'watchPopup', src: 'watchPopup' },
      initial: 'open',
      on: {
        'google.callback': [
          {
            guard: 'stateMatches',
            target: 'exchanging',
            actions: ['closePopup', assign({ accessToken: ({ event }) => event.accessToken })],
          },
          { target: 'failed', actions: ['closePopup', assign({ error: GOOGLE_ERRORS.stateMismatch })] },
        ],
        'google.providerError': {
          target: 'failed',
          actions: ['closePopup', assign({ error: ({ event }) => GOOGLE_ERRORS.provider(event.reason) })],
        },
      },
      states: {
        open: { on: { 'google.closed': 'closed' } },
        closed: {
          after: {
            closedDetectionDelay: {
              target: '#googleSignIn.failed',
              actions: assign({ error: GOOGLE_ERRORS.popupClosedByUser }),
            },
          },
        },
      },
    },
    exchanging: {
      invoke: {
        id: 'exchangeToken',
        src: 'exchangeToken',
        // `exchanging` is entered only with the token set.
        input: ({ context }) => ({ mode: context.mode, accessToken: context.accessToken! }),
        onDone: { target: 'succeeded', actions: assign({ answer: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: 'assignError' },
      },
    },
    succeeded: { type: 'final' },
    failed: { type: 'final' },
  },
  // Every way into `failed` sets the error.
  output: ({ context }) => (context.answer ? { answer: context.answer } : { error: context.error! }),
});
