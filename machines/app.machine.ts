/**
 * The app as one statechart (docs/architecture.md, "How a flow travels through the browser"): the root
 * actor, created once, whose children are the app-wide flows, each under its system id so that page
 * machines and views reach it through the actor system:
 *
 * - `toasts` (machines/toasts.machine.ts) and `appStart` (machines/appStart.machine.ts), invoked by the root;
 * - `auth` (machines/auth.machine.ts) and `consent` (machines/consent.machine.ts), invoked by the two regions
 *   that follow them. The consent machine gets the stored cookie choice and the site's accept-on-scroll
 *   option from this machine's input.
 *
 * App start waits for two things it does not own: the sign-in check having an answer (auth leaves
 * 'checking') and the visitor having accepted cookies. Each region watches its child's snapshots (the
 * first one included, so a choice stored before this page counts at once) and, the first time the condition
 * holds, tells appStart ('appStart.authSettled', 'appStart.consentAccepted') and records that it did:
 * 'settled' and 'accepted' are states, so each event is sent once and the inspector shows where the app is.
 */
import { type AnyActorLogic, and, type EventObject, sendTo, setup, type SnapshotFrom, stateIn } from 'xstate';
import { appStartMachine } from './appStart.machine';
import { authMachine } from './auth.machine';
import { consentAccepted, type ConsentInput, consentMachine } from './consent.machine';
import { toastsMachine } from './toasts.machine';

export interface AppInput {
  /** What the consent machine starts from: the stored cookie choice and the site's accept-on-scroll. */
  consent: ConsentInput;
}

/** The snapshot an 'xstate.snapshot.<id>' event carries from the child `id`. */
const snapshotOf = <L extends AnyActorLogic>(event: EventObject) =>
  (event as unknown as { snapshot: SnapshotFrom<L> }).snapshot;

export const appMachine = setup({
  types: {} as {
    input: AppInput;
    context: { consent: ConsentInput };
    children: { toasts: 'toasts'; auth: 'auth'; consent: 'consent'; appStart: 'appStart' };
  },
  actors: {
    toasts: toastsMachine,
    auth: authMachine,
    consent: consentMachine,
    appStart: appStartMachine,
  },
  guards: {
    /** The sign-in check has an answer: auth is signed in or out. */
    authAnswered: ({ event }) =>
      event.type === 'xstate.snapshot.auth' && !snapshotOf<typeof authMachine>(event).matches('checking'),
    /** The visitor has accepted cookies (now, or before this page). */
    cookiesAccepted: ({ event }) =>
      event.type === 'xstate.snapshot.consent' && consentAccepted(snapshotOf<typeof consentMachine>(event)),
    /** The first snapshot of auth with an answer: appStart has not been told yet. */
    authSettled: and([stateIn('#app.auth.checking'), 'authAnswered']),
    /** The first snapshot of consent with an acceptance: appStart has not been told yet. */
    consentAccepted: and([stateIn('#app.consent.awaiting'), 'cookiesAccepted']),
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({ consent: input.consent }),
  invoke: [
    { id: 'toasts', systemId: 'toasts', src: 'toasts' },
    { id: 'appStart', systemId: 'appStart', src: 'appStart' },
  ],
  type: 'parallel',
  states: {
    /** Whether appStart has been told that the sign-in check has an answer. */
    auth: {
      invoke: {
        id: 'auth',
        systemId: 'auth',
        src: 'auth',
        onSnapshot: {
          guard: 'authSettled',
          target: '.settled',
          actions: sendTo('appStart', { type: 'appStart.authSettled' }),
        },
      },
      initial: 'checking',
      states: {
        checking: {},
        settled: {},
      },
    },
    /** Whether appStart has been told that the visitor accepted cookies. */
    consent: {
      invoke: {
        id: 'consent',
        systemId: 'consent',
        src: 'consent',
        input: ({ context }) => context.consent,
        onSnapshot: {
          guard: 'consentAccepted',
          target: '.accepted',
          actions: sendTo('appStart', { type: 'appStart.consentAccepted' }),
        },
      },
      initial: 'awaiting',
      states: {
        awaiting: {},
        accepted: {},
      },
    },
  },
});
