/**
 * The Login screen: idle, loading after submit or the Google click, then success or error.
 * Success hands user and token on (signIn) and goes to / (goHome). Error ends loading and shows
 * red text under the password field; typing in any field clears it. After an e-mail submit the
 * spinner also clears after 1.5 s, even while the request is still out (the buttons stay disabled then).
 *
 * The client config says whether the site offers Google sign-in; when it does not, the Google button
 * says so at once, in the error's place, instead of opening a popup.
 */
import { assign, fromPromise, setup } from 'xstate';
import { GOOGLE_ERRORS, type GoogleAvailability } from './googleSignIn.machine';
import { errorMessage } from '../domain/errorMessage';
import type { Session } from '../domain/types';

export const LOGIN_SPINNER_LIMIT_MS = 1500;

export type LoginField = 'email' | 'password';
export type LoginEvent =
  { type: 'login.change'; field: LoginField; value: string } | { type: 'login.submit' } | { type: 'login.google' };

interface LoginContext {
  email: string;
  password: string;
  error: string | null;
  google: GoogleAvailability;
}

export const loginMachine = setup({
  types: { context: {} as LoginContext, events: {} as LoginEvent },
  actors: {
    loginWithEmail: fromPromise<Session, { email: string; password: string }>(async () => {
      throw new Error('loginWithEmail is not provided');
    }),
    /** The login screen's Google button calls the register-with-Google call too. */
    continueWithGoogle: fromPromise<Session>(async () => {
      throw new Error('continueWithGoogle is not provided');
    }),
    /** Whether the site offers Google sign-in (GET /client-config: `google` is not null). */
    checkGoogle: fromPromise<boolean>(async () => {
      throw new Error('checkGoogle is not provided');
    }),
  },
  actions: {
    signIn: (_, _session: Session) => {},
    goHome: () => {},
  },
  guards: {
    googleUnavailable: ({ context }) => context.google === 'unavailable',
  },
  delays: { spinnerLimit: LOGIN_SPINNER_LIMIT_MS },
}).createMachine({
  id: 'login',
  context: { email: '', password: '', error: null, google: 'checking' },
  invoke: {
    id: 'googleAvailability',
    src: 'checkGoogle',
    onDone: { actions: assign({ google: ({ event }) => (event.output ? 'available' : 'unavailable') }) },
    // Not known: the Google button tries, and the popup says what went wrong.
    onError: { actions: assign({ google: 'unknown' }) },
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'login.change': {
          actions: assign(({ event }) => ({ [event.field]: event.value, error: null })),
        },
        // A new attempt starts without the last attempt's error.
        'login.submit': { target: 'submitting', actions: assign({ error: null }) },
        'login.google': [
          { guard: 'googleUnavailable', actions: assign({ error: GOOGLE_ERRORS.unavailable }) },
          { target: 'withGoogle', actions: assign({ error: null }) },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'loginRequest',
        src: 'loginWithEmail',
        input: ({ context }) => ({ email: context.email.trim(), password: context.password }),
        onDone: {
          target: 'succeeded',
          actions: { type: 'signIn', params: ({ event }) => event.output },
        },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
      initial: 'spinning',
      states: {
        spinning: { after: { spinnerLimit: 'waiting' } },
        waiting: {},
      },
    },
    withGoogle: {
      invoke: {
        id: 'googleRequest',
        src: 'continueWithGoogle',
        onDone: {
          target: 'succeeded',
          actions: { type: 'signIn', params: ({ event }) => event.output },
        },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    succeeded: { type: 'final', entry: 'goHome' },
  },
});
