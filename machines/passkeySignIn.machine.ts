/**
 * "Sign in with a passkey" on /signin (docs/product.md#passkeys): the server's options, the browser's prompt
 * (it offers the passkeys it holds for this site, after the person's PIN, fingerprint or face), then the
 * server's check of the answer. A session signs in through the auth actor as any sign-in does, then goes to /.
 * Any step that fails (a prompt cancelled or refused, a passkey the server does not know) comes back to the
 * button with the reason, and nothing else on the screen changes.
 */
import { assign, type ErrorActorEvent, fromPromise, setup } from 'xstate';
import { errorMessage } from '#domain/errorMessage';
import type { PasskeyAuthenticationResponse, PasskeySignInOptions } from '#domain/passkeyContract';
import type { Session } from '#domain/types';
import { PASSKEY_TEXTS } from './passkeys.machine';
import { providedByView } from './lib/providedByView';

export type PasskeySignInEvent = { type: 'passkeySignIn.start' };

interface PasskeySignInContext {
  options: PasskeySignInOptions | null;
  response: PasskeyAuthenticationResponse | null;
  error: string | null;
}

/** A step's failure: back to the button, with the reason. */
const showError = assign<PasskeySignInContext, ErrorActorEvent, undefined, PasskeySignInEvent, never>(({ event }) => ({
  options: null,
  response: null,
  error: errorMessage(event.error),
}));

export const passkeySignInMachine = setup({
  types: {} as {
    context: PasskeySignInContext;
    events: PasskeySignInEvent;
    // What the view shows; it reads these, never a state's path (docs/decisions/0041-a-feature-lives-together.md).
    tags: 'busy' | 'prompting';
  },
  actors: {
    /** POST /api/auth/passkey/options: a fresh challenge, no e-mail asked. */
    signInOptions: fromPromise<PasskeySignInOptions>(async () => {
      throw new Error('signInOptions is not provided');
    }),
    /** The browser's prompt (navigator.credentials.get); rejects with PASSKEY_TEXTS.cancelled when refused. */
    askForPasskey: fromPromise<PasskeyAuthenticationResponse, PasskeySignInOptions>(async () => {
      throw new Error(PASSKEY_TEXTS.unsupported);
    }),
    /** POST /api/auth/passkey: answers the session. */
    verifyPasskey: fromPromise<Session, PasskeyAuthenticationResponse>(async () => {
      throw new Error('verifyPasskey is not provided');
    }),
  },
  actions: {
    signIn: providedByView<Session>(),
    goHome: providedByView(),
  },
}).createMachine({
  id: 'passkeySignIn',
  context: { options: null, response: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'passkeySignIn.start': { target: 'requesting', actions: assign({ error: null }) } },
    },
    requesting: {
      tags: ['busy'],
      invoke: {
        id: 'signInOptions',
        src: 'signInOptions',
        onDone: { target: 'prompting', actions: assign({ options: ({ event }) => event.output }) },
        onError: { target: 'idle', actions: showError },
      },
    },
    prompting: {
      tags: ['busy', 'prompting'],
      invoke: {
        id: 'askForPasskey',
        src: 'askForPasskey',
        input: ({ context }) => context.options!,
        onDone: { target: 'verifying', actions: assign({ response: ({ event }) => event.output }) },
        onError: { target: 'idle', actions: showError },
      },
    },
    verifying: {
      tags: ['busy'],
      invoke: {
        id: 'verifyPasskey',
        src: 'verifyPasskey',
        input: ({ context }) => context.response!,
        onDone: {
          target: 'succeeded',
          actions: [assign({ options: null, response: null }), { type: 'signIn', params: ({ event }) => event.output }],
        },
        onError: { target: 'idle', actions: showError },
      },
    },
    succeeded: { type: 'final', tags: ['busy'], entry: 'goHome' },
  },
});
