/**
 * App start (docs/product.md#app-start): a splash reads 'Just a moment', then a welcome line after 1.5 s,
 * and stays at least 3 s while the sign-in state is checked; then the app shows.
 * The message clock is one sequential region, so 1.5 s always comes before 3 s.
 *
 * Once the app shows, the visit is recorded (with the third-party geolocation lookup), but only after the
 * visitor accepted cookies: at once when they had, when they accept later in this page's life, never
 * when they decline or do not answer. It is recorded once per page life.
 *
 * The root app machine (machines/app.machine.ts) tells this one when the sign-in check has an answer
 * ('appStart.authSettled') and when the visitor has accepted cookies ('appStart.consentAccepted'), once
 * each. Acceptance may come while the splash still shows: it is remembered until the app shows.
 */
import { assign, setup } from 'xstate';
import { providedByView } from './lib/providedByView';

export const WELCOME_AFTER_MS = 1500;
export const SPLASH_MINIMUM_MS = 3000;

export type AppStartEvent = { type: 'appStart.authSettled' } | { type: 'appStart.consentAccepted' };

export const appStartMachine = setup({
  types: {} as {
    context: { consentAccepted: boolean };
    events: AppStartEvent;
    tags: 'moment' | 'ready';
  },
  actions: {
    /** Records the visit: the geolocation lookup, then the record. Runs at most once. */
    recordVisit: providedByView(),
  },
  guards: {
    consentAccepted: ({ context }) => context.consentAccepted,
  },
  delays: {
    welcomeAfter: WELCOME_AFTER_MS,
    restOfSplashMinimum: SPLASH_MINIMUM_MS - WELCOME_AFTER_MS,
  },
}).createMachine({
  id: 'appStart',
  context: { consentAccepted: false },
  initial: 'splash',
  on: {
    /** Whenever it comes, the acceptance is kept; the visit waits for the app to show. */
    'appStart.consentAccepted': { actions: assign({ consentAccepted: true }) },
  },
  states: {
    splash: {
      type: 'parallel',
      states: {
        message: {
          initial: 'moment',
          states: {
            moment: { tags: ['moment'], after: { welcomeAfter: 'welcome' } },
            welcome: { after: { restOfSplashMinimum: 'shownLongEnough' } },
            shownLongEnough: { type: 'final' },
          },
        },
        auth: {
          initial: 'pending',
          states: {
            pending: {
              on: { 'appStart.authSettled': 'settled' },
            },
            settled: { type: 'final' },
          },
        },
      },
      onDone: 'ready',
    },
    ready: {
      tags: ['ready'],
      initial: 'awaitingConsent',
      states: {
        /** No geolocation lookup and no visit record without the visitor's consent. */
        awaitingConsent: {
          always: { guard: 'consentAccepted', target: 'visitRecorded' },
        },
        visitRecorded: { entry: 'recordVisit' },
      },
    },
  },
});
