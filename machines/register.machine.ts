/**
 * The Register screen: Full Name, Email, Password and the terms box; both Continue buttons do nothing
 * until the box is ticked. Failure shows red text under the password field; typing clears it. The
 * spinner clears after at most 1.5 s, on the e-mail path and on the Google path alike (the buttons stay
 * disabled while the request or the popup is still out). Success stores user and token, goes to /.
 *
 * The client config says whether the site offers Google sign-in; when it does not, the screen shows no
 * Google button (docs/product.md#authentication).
 */
import { assign, fromPromise, setup } from 'xstate';
import {
  SIGN_IN_SPINNER_LIMIT_MS,
  signInActions,
  signInActors,
  type SignInContext,
  signInStates,
  spinnerStates,
} from './lib/signInStates';
import type { Session } from '#domain/types';
import { assignError } from './lib/assignError';

export const REGISTER_SPINNER_LIMIT_MS = SIGN_IN_SPINNER_LIMIT_MS;

export type RegisterField = 'name' | 'email' | 'password';
export type RegisterEvent =
  | { type: 'register.change'; field: RegisterField; value: string }
  | { type: 'register.agree'; agreed: boolean }
  | { type: 'register.submit' }
  | { type: 'register.google' };

interface RegisterContext extends SignInContext {
  name: string;
  email: string;
  password: string;
  agreed: boolean;
}

const shared = signInStates<RegisterContext, RegisterEvent>();

export const registerMachine = setup({
  types: {} as {
    context: RegisterContext;
    events: RegisterEvent;
    // What the view shows; it reads these, never a state's path (docs/decisions/0041-a-feature-lives-together.md).
    tags: 'spinning';
  },
  actors: {
    registerWithEmail: fromPromise<Session, { name: string; email: string; password: string }>(async () => {
      throw new Error('registerWithEmail is not provided');
    }),
    ...signInActors,
  },
  actions: { ...signInActions, assignError: assignError<RegisterContext, RegisterEvent>() },
  guards: {
    agreed: ({ context }) => context.agreed,
    /** The box is ticked, and the site is not known to be without Google sign-in. */
    agreedWithGoogle: ({ context }) => context.agreed && context.google !== 'unavailable',
  },
  delays: { spinnerLimit: REGISTER_SPINNER_LIMIT_MS },
}).createMachine({
  id: 'register',
  context: { name: '', email: '', password: '', agreed: false, error: null, google: 'checking' },
  invoke: shared.googleAvailability,
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
        // A site known to have no Google sign-in shows no Google button: nothing to press.
        'register.google': { guard: 'agreedWithGoogle', target: 'withGoogle', actions: assign({ error: null }) },
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
        ...shared.requestOutcome,
      },
      ...spinnerStates,
    },
    withGoogle: { invoke: shared.googleRequest, ...spinnerStates },
    succeeded: shared.succeeded,
  },
});
