import { describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, createActor, fromPromise, sendTo } from 'xstate';
import { appMachine } from '#machines/app.machine';
import { authMachine } from '#machines/auth.machine';
import type { ToastsEvent } from '#machines/toasts.machine';
import { ada } from './fixtures';
import { describePathTests } from './pathTest';
import { appSamples } from './samples';

describePathTests({
  machine: appMachine,
  ...appSamples,
  check: (snapshot) => {
    // The four children live as long as the app.
    expect(Object.keys(snapshot.children).sort()).toEqual(['appStart', 'auth', 'consent', 'toasts']);
  },
});

/** The app with real children; auth's check answers as `authenticate` says, appStart's events are recorded. */
function startApp(options: { stored: string | null; authenticate: () => Promise<typeof ada> }) {
  const told: string[] = [];
  const app = createActor(
    appMachine.provide({
      actors: {
        auth: authMachine.provide({ actors: { authenticate: fromPromise(options.authenticate) } }),
      },
    }),
    {
      input: { consent: { stored: options.stored } },
      inspect: (inspection) => {
        if (inspection.type === '@xstate.event' && (inspection.actorRef as AnyActorRef).id === 'appStart') {
          if (inspection.event.type.startsWith('appStart.')) told.push(inspection.event.type);
        }
      },
    },
  ).start();
  return { app, told };
}

describe('app: the children and what appStart is told', () => {
  it('starts the four children under their system ids', () => {
    const { app } = startApp({ stored: null, authenticate: () => new Promise(() => {}) });
    for (const id of ['toasts', 'auth', 'consent', 'appStart']) {
      expect(app.system.get(id), id).toBe(app.getSnapshot().children[id as 'auth']);
    }
    app.stop();
  });

  it('tells appStart once that the check has an answer, whatever auth does next', async () => {
    const { app, told } = startApp({ stored: null, authenticate: () => Promise.resolve(ada) });
    expect(told).toEqual([]);
    await vi.waitFor(() => expect(app.getSnapshot().value).toMatchObject({ auth: 'settled' }));
    const auth = app.getSnapshot().children.auth!;
    auth.send({ type: 'auth.logout' });
    auth.send({ type: 'auth.signedIn', session: { user: ada, token: 'token-1' } });
    expect(told).toEqual(['appStart.authSettled']);
    expect(
      app
        .getSnapshot()
        .children.appStart!.getSnapshot()
        .matches({ splash: { auth: 'settled' } }),
    ).toBe(true);
    app.stop();
  });

  it('tells appStart at once when cookies were accepted before this page, and only once', () => {
    const { app, told } = startApp({ stored: 'true', authenticate: () => new Promise(() => {}) });
    expect(app.getSnapshot().value).toEqual({ auth: 'checking', consent: 'accepted' });
    const consent = app.getSnapshot().children.consent!;
    consent.send({ type: 'consent.review' });
    consent.send({ type: 'consent.accept' });
    expect(told).toEqual(['appStart.consentAccepted']);
    expect(app.getSnapshot().children.appStart!.getSnapshot().context.consentAccepted).toBe(true);
    app.stop();
  });

  it('tells appStart when the visitor accepts later; a declined choice tells it nothing', () => {
    const declined = startApp({ stored: 'false', authenticate: () => new Promise(() => {}) });
    expect(declined.app.getSnapshot().value).toEqual({ auth: 'checking', consent: 'awaiting' });
    expect(declined.told).toEqual([]);
    declined.app.stop();

    const { app, told } = startApp({ stored: null, authenticate: () => new Promise(() => {}) });
    expect(told).toEqual([]);
    app.getSnapshot().children.consent!.send({ type: 'consent.accept' });
    expect(app.getSnapshot().value).toEqual({ auth: 'checking', consent: 'accepted' });
    expect(told).toEqual(['appStart.consentAccepted']);
    app.stop();
  });

  it('the logout toast reaches the toasts child through the actor system', async () => {
    const loggedOut: ToastsEvent = { type: 'toast.add', toast: { title: 'You are logged out' } };
    const app = createActor(
      appMachine.provide({
        actors: {
          auth: authMachine.provide({
            actors: { authenticate: fromPromise(() => Promise.resolve(ada)) },
            actions: {
              announceLogout: sendTo(({ system }) => system.get('toasts'), loggedOut),
            },
          }),
        },
      }),
      { input: { consent: { stored: null } } },
    ).start();
    await vi.waitFor(() => expect(app.getSnapshot().value).toMatchObject({ auth: 'settled' }));
    app.getSnapshot().children.auth!.send({ type: 'auth.logout' });
    const toasts = app.getSnapshot().children.toasts!.getSnapshot().context.toasts;
    expect(toasts.map((toast) => toast.title)).toEqual(['You are logged out']);
    app.stop();
  });
});
