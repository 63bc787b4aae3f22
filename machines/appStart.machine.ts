/**
 * App start (docs/product.md#app-start): a splash reads 'Just a moment', then a welcome line after 1.5 s,
 * and stays at least 3 s while the sign-in state is checked; then the app shows.
 * The message clock is one sequential region, so 1.5 s always comes before 3 s.
 *
 * Once the app shows, the visit is recorded (with the third-party geolocation lookup), but only after the
 * visitor accepted cookies: at once when they had, when they accept later in this page's life, never
 * when they decline or do not answer. It is recorded once per page life.
 */
import { fromCallback, setup } from 'xstate';

export const WELCOME_AFTER_MS = 1500;
export const SPLASH_MINIMUM_MS = 3000;

export type AppStartEvent = { type: 'appStart.authSettled' } | { type: 'appStart.consentAccepted' };

export const appStartMachine = setup({
  types: { events: {} as AppStartEvent },
  actors: {
    /** Sends 'appStart.authSettled' once the authentication check has an answer. */
    waitForAuth: fromCallback<AppStartEvent>(() => () => {}),
    /** Sends 'appStart.consentAccepted' once the visitor has accepted cookies (at once if they had). */
    waitForConsent: fromCallback<AppStartEvent>(() => () => {}),
  },
  actions: {
    /** Records the visit: the geolocation lookup, then the record. Runs at most once. */
    recordVisit: () => {},
  },
  delays: {
    welcomeAfter: WELCOME_AFTER_MS,
    restOfSplashMinimum: SPLASH_MINIMUM_MS - WELCOME_AFTER_MS,
  },
}).createMachine({
  id: 'appStart',
  initial: 'splash',
  states: {
    splash: {
      type: 'parallel',
      states: {
        message: {
          initial: 'moment',
          states: {
            moment: { after: { welcomeAfter: 'welcome' } },
            welcome: { after: { restOfSplashMinimum: 'shownLongEnough' } },
            shownLongEnough: { type: 'final' },
          },
        },
        auth: {
          initial: 'pending',
          states: {
            pending: {
              invoke: { id: 'waitForAuth', src: 'waitForAuth' },
              on: { 'appStart.authSettled': 'settled' },
            },
            settled: { type: 'final' },
          },
        },
      },
      onDone: 'ready',
    },
    ready: {
      initial: 'awaitingConsent',
      states: {
        /** No geolocation lookup and no visit record without the visitor's consent. */
        awaitingConsent: {
          invoke: { id: 'waitForConsent', src: 'waitForConsent' },
          on: { 'appStart.consentAccepted': 'visitRecorded' },
        },
        visitRecorded: { entry: 'recordVisit' },
      },
    },
  },
});
