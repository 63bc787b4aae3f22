/**
 * The app-wide actors: one root actor, the app machine (machines/app.machine.ts) with its real side effects
 * (./wiring/app.ts), created once; its children are the app-wide flows, which views reach here.
 * Page machines are created by their pages; everything shares one inspector, when there is one.
 */
import { type Actor, type ActorRefFrom, createActor } from 'xstate';
import { appMachine } from '#machines/app.machine';
import type { appStartMachine } from '#machines/appStart.machine';
import type { authMachine } from '#machines/auth.machine';
import { CONSENT_COOKIE, type consentMachine } from '#machines/consent.machine';
import type { toastsMachine } from '#machines/toasts.machine';
import { setUnauthorizedHandler } from '../api/http';
import { readCookie } from './cookies';
import { wireApp } from './wiring/app';
import type { Inspect } from '../common/wiring/ports';

/**
 * Whether scrolling the page accepts cookies (the consent machine's accept-on-scroll option): off, unless
 * the site is built with VITE_CONSENT_ACCEPT_ON_SCROLL=1.
 */
const CONSENT_ACCEPT_ON_SCROLL = import.meta.env.VITE_CONSENT_ACCEPT_ON_SCROLL === '1';

export interface AppActors {
  /** The root actor. */
  app: Actor<typeof appMachine>;
  auth: ActorRefFrom<typeof authMachine>;
  appStart: ActorRefFrom<typeof appStartMachine>;
  consent: ActorRefFrom<typeof consentMachine>;
  toasts: ActorRefFrom<typeof toastsMachine>;
  inspect: Inspect | undefined;
}

export function createAppActors(inspect?: Inspect): AppActors {
  const app = createActor(wireApp(inspect), {
    inspect,
    input: { consent: { stored: readCookie(CONSENT_COOKIE), acceptOnScroll: CONSENT_ACCEPT_ON_SCROLL } },
  });
  app.start();
  // The children live as long as the app: invoked by the root and by its two regions, which never end.
  const { auth, appStart, consent, toasts } = app.getSnapshot().children;
  if (!auth || !appStart || !consent || !toasts) throw new Error('the app machine did not start its children');
  // An authenticated call answered 401: the session ended elsewhere.
  setUnauthorizedHandler(() => auth.send({ type: 'auth.expired' }));
  return { app, auth, appStart, consent, toasts, inspect };
}
