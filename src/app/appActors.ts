/**
 * The app-wide actors: created once, given their real side effects here.
 * Page machines are created by their pages; everything shares one inspector, when there is one.
 */
import { type Actor, createActor, fromCallback, fromPromise, type InspectionEvent } from 'xstate';
import { appStartMachine, type AppStartEvent } from '../../machines/appStart.machine';
import { authMachine } from '../../machines/auth.machine';
import { CONSENT_COOKIE, CONSENT_DAYS, consentAccepted, consentMachine } from '../../machines/consent.machine';
import { toastsMachine } from '../../machines/toasts.machine';
import * as api from '../api/auth';
import { clearCache } from '../api/cache';
import { setUnauthorizedHandler } from '../api/http';
import { clearToken, storeToken } from '../api/token';
import { readCookie, writeCookie } from './cookies';

/**
 * Whether scrolling the page accepts cookies (the consent machine's accept-on-scroll option): off, unless
 * the site is built with VITE_CONSENT_ACCEPT_ON_SCROLL=1.
 */
const CONSENT_ACCEPT_ON_SCROLL = import.meta.env.VITE_CONSENT_ACCEPT_ON_SCROLL === '1';

export type Inspect = (event: InspectionEvent) => void;

export interface AppActors {
  auth: Actor<typeof authMachine>;
  appStart: Actor<typeof appStartMachine>;
  consent: Actor<typeof consentMachine>;
  toasts: Actor<typeof toastsMachine>;
  inspect: Inspect | undefined;
}

export function createAppActors(inspect?: Inspect): AppActors {
  const toasts = createActor(toastsMachine, { inspect, systemId: 'toasts' });

  const auth = createActor(
    authMachine.provide({
      actors: { authenticate: fromPromise(() => api.authenticate()) },
      actions: {
        persistToken: (_, { token }) => storeToken(token),
        forgetSession: () => {
          clearToken();
          clearCache();
        },
        revokeToken: () => {
          // The browser forgets the token either way; the server revoking it is a courtesy that may fail.
          api.logout().catch(() => {});
        },
        announceLogout: () =>
          toasts.send({
            type: 'toast.add',
            toast: { title: 'You are logged out', variant: 'warning', position: 'top-left' },
          }),
      },
    }),
    { inspect, systemId: 'auth' },
  );
  setUnauthorizedHandler(() => auth.send({ type: 'auth.expired' }));

  const consent = createActor(
    consentMachine.provide({
      actions: { saveChoice: (_, { choice }) => writeCookie(CONSENT_COOKIE, choice, CONSENT_DAYS) },
    }),
    {
      inspect,
      systemId: 'consent',
      input: { stored: readCookie(CONSENT_COOKIE), acceptOnScroll: CONSENT_ACCEPT_ON_SCROLL },
    },
  );

  // Once the splash ends and the visitor accepted cookies, the visit is recorded with the
  // signed-in state and the geolocation (the app start machine decides when).
  const startVisitRecord = () => {
    const user = auth.getSnapshot().context.user?.id ?? null;
    import('./visitRecord').then(({ startVisitRecord }) => startVisitRecord(user, inspect)).catch(() => {});
  };

  const appStart = createActor(
    appStartMachine.provide({
      actions: { recordVisit: startVisitRecord },
      actors: {
        waitForConsent: fromCallback<AppStartEvent>(({ sendBack }) => {
          const settle = () => {
            if (consentAccepted(consent.getSnapshot())) sendBack({ type: 'appStart.consentAccepted' });
          };
          const subscription = consent.subscribe(settle);
          settle();
          return () => subscription.unsubscribe();
        }),
        waitForAuth: fromCallback<AppStartEvent>(({ sendBack }) => {
          const settle = () => {
            if (!auth.getSnapshot().matches('checking')) sendBack({ type: 'appStart.authSettled' });
          };
          const subscription = auth.subscribe(settle);
          settle();
          return () => subscription.unsubscribe();
        }),
      },
    }),
    { inspect, systemId: 'appStart' },
  );

  toasts.start();
  auth.start();
  consent.start();
  appStart.start();
  return { auth, appStart, consent, toasts, inspect };
}
