/**
 * What the Login and Register screens share: the check whether the site offers Google sign-in, the
 * request states that end in `succeeded` or back in `editing` with the error, the spinner that clears
 * after at most 1.5 s, and the final `succeeded` state. Both machines spread these into their own
 * `setup()` and config, so the names of states, actors, actions and delays are the same in both
 * (docs/machines/login.md, docs/machines/register.md).
 */
import { assign, type DoneActorEvent, type ErrorActorEvent, type EventObject, fromPromise } from 'xstate';
import type { Session } from '#domain/types';
import type { GoogleAvailability } from '../googleSignIn.machine';
import { providedByView } from './providedByView';

/** How long the spinner of a request in flight shows at most. */
export const SIGN_IN_SPINNER_LIMIT_MS = 1500;

/** The part of the context the shared states read and write. */
export interface SignInContext {
  error: string | null;
  google: GoogleAvailability;
}

/** The actors both screens invoke (their views provide the real ones). */
export const signInActors = {
  /** Both screens' Google buttons call the register-with-Google call. */
  continueWithGoogle: fromPromise<Session>(async () => {
    throw new Error('continueWithGoogle is not provided');
  }),
  /** Whether the site offers Google sign-in (GET /client-config: `google` is not null). */
  checkGoogle: fromPromise<boolean>(async () => {
    // Nothing reads the message: any failure means 'unknown'.
    throw new Error();
  }),
};

/** The actions both screens take on success: hand user and token on, then go to /. */
export const signInActions = {
  signIn: providedByView<Session>(),
  goHome: providedByView(),
};

/**
 * The config both machines share, typed for the machine's own context and events (the shared parts only
 * read and write `error` and `google`).
 */
export function signInStates<TContext extends SignInContext, TEvent extends EventObject>() {
  /** A request's end: its session signs in (then `succeeded`), its error goes back to `editing`. */
  const requestOutcome = {
    onDone: {
      target: 'succeeded',
      actions: { type: 'signIn', params: ({ event }: { event: DoneActorEvent<Session> }) => event.output },
    },
    // `assignError` (./assignError): each machine registers it, and the error shows under the password field.
    onError: { target: 'editing', actions: 'assignError' },
  } as const;
  return {
    /** The machine's own invoke: the client config's answer, kept in `context.google`. */
    googleAvailability: {
      id: 'googleAvailability',
      src: 'checkGoogle',
      onDone: {
        actions: assign<TContext, DoneActorEvent<boolean>, undefined, TEvent, never>(
          ({ event }) => ({ google: event.output ? 'available' : 'unavailable' }) as Partial<TContext>,
        ),
      },
      // Not known: the Google button tries, and the popup says what went wrong.
      onError: {
        actions: assign<TContext, ErrorActorEvent, undefined, TEvent, never>(
          () => ({ google: 'unknown' }) as Partial<TContext>,
        ),
      },
    },
    requestOutcome,
    /** The Google request: the shared Google call, ending like the e-mail request. */
    googleRequest: { id: 'googleRequest', src: 'continueWithGoogle', ...requestOutcome },
    /** The final state: signed in, on the way to /. */
    succeeded: { type: 'final', entry: 'goHome' },
  } as const;
}

/** The spinner of a request in flight: shown at most SIGN_IN_SPINNER_LIMIT_MS, then only the disabled buttons. */
export const spinnerStates = {
  initial: 'spinning',
  states: {
    // The machines' views show the spinner by this tag.
    spinning: { tags: ['spinning'], after: { spinnerLimit: 'waiting' } },
    waiting: {},
  },
} as const;
