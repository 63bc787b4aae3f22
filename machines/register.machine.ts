/**
 * The Register screen: Full Name, Email, Password and the terms box; both Continue buttons do nothing
 * until the box is ticked. Failure shows red text under the password field; typing clears it. The
 * spinner clears after at most 1.5 s, on the e-mail path and on the Google path alike (the buttons stay
 * disabled while the request or the popup is still out). Success stores user and token, goes to /.
 *
 * The client config says whether the site offers Google sign-in; when it does not, the Google button
 * says so at once, in the error's place, instead of opening a popup.
 */
import { assign, fromPromise, setup } from 'xstate';
import { GOOGLE_ERRORS, type GoogleAvailability } from './googleSignIn.machine';
import { errorMessage } from '../domain/errorMessage';
import type { Session } from '../domain/types';

export const REGISTER_SPINNER_LIMIT_MS = 1500;

export type RegisterField = 'name' | 'email' | 'password';
export type RegisterEvent =
  | { type: 'register.change'; field: RegisterField; value: string }
  | { type: 'register.agree'; agreed: boolean }
  | { type: 'register.submit' }
  | { type: 'register.google' };

interface RegisterContext {
  name: string;
  email: string;
  password: string;
  agreed: boolean;
  error: string | null;
  google: GoogleAvailability;
}

/** The spinner of a request in flight: shown at most REGISTER_SPINNER_LIMIT_MS, then only the disabled buttons. */
const spinnerStates = {
  initial: 'spinning',
  states: {
    spinning: { after: { spinnerLimit: 'waiting' } },
    waiting: {},
  },
} as const;

export const registerMachine = setup({
  types: { context: {} as RegisterContext, events: {} as RegisterEvent },
  actors: {
    registerWithEmail: fromPromise<Session, { name: string; email: string; password: string }>(async () => {
      throw new Error('registerWithEmail is not provided');
    }),
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
    agreed: ({ context }) => context.agreed,
    /** The box is ticked, but the site is known to have no Google sign-in. */
    agreedWithoutGoogle: ({ context }) => context.agreed && context.google === 'unavailable',
  },
  delays: { spinnerLimit: REGISTER_SPINNER_LIMIT_MS },
}).createMachine({
  id: 'register',
  context: { name: '', email: '', password: '', agreed: false, error: null, google: 'checking' },
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
        'register.change': {
          actions: assign(({ event }) => ({ [event.field]: event.value, error: null })),
        },
        'register.agree': { actions: assign({ agreed: ({ event }) => event.agreed }) },
        // A new attempt starts without the last attempt's error.
        'register.submit': { guard: 'agreed', target: 'submitting', actions: assign({ error: null }) },
        'register.google': [
          { guard: 'agreedWithoutGoogle', actions: assign({ error: GOOGLE_ERRORS.unavailable }) },
          { guard: 'agreed', target: 'withGoogle', actions: assign({ error: null }) },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'registerRequest',
        src: 'registerWithEmail',
        input: ({ context }) => ({
          name: context.name.trim(),
          email: context.email.trim(),
          password: context.password,
        }),
        onDone: {
          target: 'succeeded',
          actions: { type: 'signIn', params: ({ event }) => event.output },
        },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
      ...spinnerStates,
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
      ...spinnerStates,
    },
    succeeded: { type: 'final', entry: 'goHome' },
  },
});
