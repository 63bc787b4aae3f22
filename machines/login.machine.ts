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
import { GOOGLE_ERRORS } from './googleSignIn.machine';
import {
  SIGN_IN_SPINNER_LIMIT_MS,
  signInActions,
  signInActors,
  type SignInContext,
  signInStates,
  spinnerStates,
} from './lib/signInStates';
import type { Session } from '../domain/types';

export const LOGIN_SPINNER_LIMIT_MS = SIGN_IN_SPINNER_LIMIT_MS;

export type LoginField = 'email' | 'password';
export type LoginEvent =
  { type: 'login.change'; field: LoginField; value: string } | { type: 'login.submit' } | { type: 'login.google' };

interface LoginContext extends SignInContext {
  email: string;
  password: string;
}

const shared = signInStates<LoginContext, LoginEvent>();

export const loginMachine = setup({
  // Stryker disable next-line ObjectLiteral: setup() reads no `types` at run time: they exist for TypeScript
  types: { context: {} as LoginContext, events: {} as LoginEvent },
  actors: {
    loginWithEmail: fromPromise<Session, { email: string; password: string }>(async () => {
      throw new Error('loginWithEmail is not provided');
    }),
    ...signInActors,
  },
  actions: signInActions,
  guards: {
    googleUnavailable: ({ context }) => context.google === 'unavailable',
  },
  delays: { spinnerLimit: LOGIN_SPINNER_LIMIT_MS },
}).createMachine({
  id: 'login',
  context: { email: '', password: '', error: null, google: 'checking' },
  invoke: shared.googleAvailability,
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
        ...shared.requestOutcome,
      },
      ...spinnerStates,
    },
    // Unlike the e-mail request (and the register screen), no spinner limit here.
    withGoogle: { invoke: shared.googleRequest },
    succeeded: shared.succeeded,
  },
});
