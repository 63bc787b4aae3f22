/**
 * The Login screen (SPEC 2, 4): idle, loading after submit or the Google click, then success or error.
 * Success hands user and token on (signIn) and goes to / (goHome). Error ends loading and shows
 * red text under the password field; typing in any field clears it. After an e-mail submit the
 * spinner also clears after 1.5 s, even while the request is still out (the buttons stay disabled then).
 */
import { assign, fromPromise, setup } from 'xstate';
import { errorMessage } from './lib/errorMessage';
import type { Session } from './lib/types';

export const LOGIN_SPINNER_LIMIT_MS = 1500;

export type LoginField = 'email' | 'password';
export type LoginEvent =
  { type: 'login.change'; field: LoginField; value: string } | { type: 'login.submit' } | { type: 'login.google' };

interface LoginContext {
  email: string;
  password: string;
  error: string | null;
}

export const loginMachine = setup({
  types: { context: {} as LoginContext, events: {} as LoginEvent },
  actors: {
    loginWithEmail: fromPromise<Session, { email: string; password: string }>(async () => {
      throw new Error('loginWithEmail is not provided');
    }),
    /** SPEC 7: the login screen's Google button calls the register-with-Google call. */
    continueWithGoogle: fromPromise<Session>(async () => {
      throw new Error('continueWithGoogle is not provided');
    }),
  },
  actions: {
    signIn: (_, _session: Session) => {},
    goHome: () => {},
  },
  delays: { spinnerLimit: LOGIN_SPINNER_LIMIT_MS },
}).createMachine({
  id: 'login',
  context: { email: '', password: '', error: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'login.change': {
          actions: assign(({ event }) => ({ [event.field]: event.value, error: null })),
        },
        // A new attempt starts without the last attempt's error.
        'login.submit': { target: 'submitting', actions: assign({ error: null }) },
        'login.google': { target: 'withGoogle', actions: assign({ error: null }) },
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
