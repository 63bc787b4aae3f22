// @vitest-environment jsdom
/**
 * The wired app machine (src/app/wiring/app.ts) as src/app/appActors.ts starts it, against the real Hono
 * app in-process (fetch is routed to `app.request`): the children are found by their system ids, logout
 * forgets the token and the cache at once, raises its toast through the actor system and still has the
 * server revoke the token; a failed revocation changes nothing; a 401 elsewhere signs out quietly.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '#src/api/auth';
import { cacheKey, writeCache } from '#src/api/cache';
import { readToken, storeToken } from '#src/api/token';
import { type AppActors, createAppActors } from '#src/app/appActors';
import { cleanup, createTestServer, PASSWORD, uniqueEmail } from '../server/helpers';

const { app: server } = await createTestServer();
const realFetch = globalThis.fetch;
/** The paths the app called, in order. */
let calls: string[] = [];
/** Paths whose calls fail at the network edge. */
let failing: string[] = [];
let actors: AppActors | undefined;

beforeEach(() => {
  localStorage.clear();
  calls = [];
  failing = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    calls.push(path);
    if (failing.includes(path)) throw new TypeError('Failed to fetch');
    return server.request(String(input), init);
  }) as typeof fetch;
});

afterEach(() => {
  actors?.app.stop();
  actors = undefined;
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await cleanup();
});

async function signedInApp() {
  const session = await api.registerWithEmail({ name: 'Ada', email: uniqueEmail('wired'), password: PASSWORD });
  storeToken(session.token);
  writeCache(cacheKey('/users/invoices', 'someone'), { invoices: [] }, 10);
  actors = createAppActors();
  await vi.waitFor(() => expect(actors!.auth.getSnapshot().value).toBe('signedIn'));
  return { actors, token: session.token };
}

const cacheKeys = () => Object.keys(localStorage).filter((key) => key.startsWith('cache:'));

describe('the wired app', () => {
  it('starts one root actor whose children are the app-wide actors, under their system ids', async () => {
    const { actors } = await signedInApp();
    for (const id of ['auth', 'appStart', 'consent', 'toasts'] as const) {
      expect(actors.app.system.get(id), id).toBe(actors[id]);
    }
    expect(actors.app.getSnapshot().value).toEqual({ auth: 'settled', consent: 'awaiting' });
    expect(actors.appStart.getSnapshot().matches({ splash: { auth: 'settled' } })).toBe(true);
  });

  it('logout: token and cache go at once, the toast shows, the server revokes the token it was handed', async () => {
    const { actors, token } = await signedInApp();
    expect(cacheKeys()).not.toEqual([]);
    actors.auth.send({ type: 'auth.logout' });
    expect(readToken()).toBeNull();
    expect(cacheKeys()).toEqual([]);
    expect(actors.auth.getSnapshot().value).toBe('signedOut');
    expect(actors.toasts.getSnapshot().context.toasts).toEqual([
      expect.objectContaining({ title: 'You are logged out', variant: 'warning', position: 'top-left' }),
    ]);
    await vi.waitFor(() => expect(calls).toContain('/api/auth/logout'));
    // The revokeSession actor finishes once the server has answered; the token no longer opens a session.
    const revocation = actors.auth.getSnapshot().children.revokeSession;
    await vi.waitFor(() => expect(revocation?.getSnapshot().status).toBe('done'));
    storeToken(token);
    await expect(api.authenticate()).rejects.toMatchObject({ status: 401 });
  });

  it('a revocation that fails changes nothing: signed out, one toast, the app still running', async () => {
    const { actors } = await signedInApp();
    failing = ['/api/auth/logout'];
    actors.auth.send({ type: 'auth.logout' });
    await vi.waitFor(() => expect(calls).toContain('/api/auth/logout'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(actors.app.getSnapshot().status).toBe('active');
    expect(actors.auth.getSnapshot().status).toBe('active');
    expect(actors.auth.getSnapshot().value).toBe('signedOut');
    expect(actors.toasts.getSnapshot().context.toasts).toHaveLength(1);
  });

  it('an authenticated call answered 401 signs the visitor out, without the logout toast', async () => {
    const { actors, token } = await signedInApp();
    // The session ends elsewhere.
    await api.logout(token);
    await expect(api.authenticate()).rejects.toMatchObject({ status: 401 });
    await vi.waitFor(() => expect(actors.auth.getSnapshot().value).toBe('signedOut'));
    expect(readToken()).toBeNull();
    expect(actors.toasts.getSnapshot().context.toasts).toEqual([]);
  });
});
