/**
 * The Register screen (SPEC 2, 4, 5): Full Name, Email, Password and the terms box; both Continue
 * buttons do nothing until the box is ticked. Failure shows red text under the password field;
 * typing clears it. The spinner clears after at most 1.5 s. Success stores user and token, goes to /.
 */
import { assign, fromPromise, setup } from 'xstate';
import { errorMessage } from './lib/errorMessage';
import type { Session } from './lib/types';

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
}

export const registerMachine = setup({
  types: { context: {} as RegisterContext, events: {} as RegisterEvent },
  actors: {
    registerWithEmail: fromPromise<Session, { name: string; email: string; password: string }>(async () => {
      throw new Error('registerWithEmail is not provided');
    }),
    continueWithGoogle: fromPromise<Session>(async () => {
      throw new Error('continueWithGoogle is not provided');
    }),
  },
  actions: {
    signIn: (_, _session: Session) => {},
    goHome: () => {},
  },
  guards: {
    agreed: ({ context }) => context.agreed,
  },
  delays: { spinnerLimit: REGISTER_SPINNER_LIMIT_MS },
}).createMachine({
  id: 'register',
  context: { name: '', email: '', password: '', agreed: false, error: null },
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
        'register.google': { guard: 'agreed', target: 'withGoogle', actions: assign({ error: null }) },
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
