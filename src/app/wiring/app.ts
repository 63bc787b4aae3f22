/**
 * The root app machine's real actors and actions (docs/architecture.md, "How a flow travels through the
 * browser"; docs/decisions/0001-statecharts-with-injected-actors.md): its four children, each given its side
 * effects here, built on src/api/ (the token store, the GET cache, the HTTP client) and the cookie.
 * The children reach one another through the actor system, never through closures over one another.
 */
import { type ActorRefFrom, fromPromise, sendTo, spawnChild } from 'xstate';
import { appMachine } from '#machines/app.machine';
import { appStartMachine } from '#machines/appStart.machine';
import { authMachine, REVOKE_SESSION_ID, type RevokeSessionInput } from '#machines/auth.machine';
import { CONSENT_COOKIE, CONSENT_DAYS, consentMachine } from '#machines/consent.machine';
import type { ToastsEvent } from '#machines/toasts.machine';
import * as api from '#src/api/auth';
import { clearCache } from '#src/api/cache';
import { clearToken, readToken, storeToken } from '#src/api/token';
import { writeCookie } from '../cookies';
import type { Inspect } from '#src/common/wiring/ports';
import { screensLoaded } from '#src/common/screens';
import { whenIdle } from '#src/common/whenIdle';

/** The longest the visit record waits for a quiet moment once the page has loaded. */
const VISIT_RECORD_WAIT_MS = 2000;

/** The signed-in user's id, read from the auth child through the actor system. */
function signedInUser(system: { get: (systemId: 'auth') => unknown }): string | null {
  const auth = system.get('auth') as ActorRefFrom<typeof authMachine> | undefined;
  return auth?.getSnapshot().context.user?.id ?? null;
}

/** The toast logout raises (docs/product.md#authentication). */
const LOGGED_OUT: ToastsEvent = {
  type: 'toast.add',
  toast: { title: 'You are logged out', variant: 'warning', position: 'top-left' },
};

export function wireApp(inspect: Inspect | undefined) {
  return appMachine.provide({
    actors: {
      auth: authMachine.provide({
        actors: {
          authenticate: fromPromise(() => api.authenticate()),
          // Best effort: the browser has forgotten the token already, so a failure changes nothing.
          revokeSession: fromPromise<void, RevokeSessionInput>(async ({ input }) => {
            if (input.token) await api.logout(input.token).catch(() => {});
          }),
        },
        actions: {
          persistToken: (_, { token }) => storeToken(token),
          forgetSession: () => {
            clearToken();
            clearCache();
          },
          // The token is read when logout begins, before forgetSession removes it.
          revokeToken: spawnChild('revokeSession', { id: REVOKE_SESSION_ID, input: () => ({ token: readToken() }) }),
          // To the toasts child, found by its system id (sent once this step is over, as XState's sendTo does).
          announceLogout: sendTo(({ system }) => system.get('toasts'), LOGGED_OUT),
        },
      }),
      consent: consentMachine.provide({
        actions: { saveChoice: (_, { choice }) => writeCookie(CONSENT_COOKIE, choice, CONSENT_DAYS) },
      }),
      appStart: appStartMachine.provide({
        actions: {
          // Once the splash ends and the visitor accepted cookies, the visit is recorded with the signed-in
          // state (as it is now) and the geolocation. The record is ours, not the visitor's: its code, the
          // lookup and the record itself wait until the page has loaded, the screen's own code has arrived, and
          // the browser is idle after showing it.
          recordVisit: ({ system }) => {
            const user = signedInUser(system);
            const record = () => {
              import('../visitRecord').then(({ startVisitRecord }) => startVisitRecord(user, inspect)).catch(() => {});
            };
            // The first idle moment comes after the app has rendered, so the screen has asked for its code by then;
            // the second comes after that code has arrived and the screen has been drawn.
            whenIdle(
              () => void screensLoaded().then(() => whenIdle(record, VISIT_RECORD_WAIT_MS)),
              VISIT_RECORD_WAIT_MS,
            );
          },
        },
      }),
    },
  });
}
