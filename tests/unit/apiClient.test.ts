// @vitest-environment jsdom
/**
 * The browser's API client against the real Hono app in-process: fetch is routed to `app.request`,
 * so the bearer header, the validation of answers, the error texts and the cache are all checked
 * against the real server, not a mock.
 */
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '../../src/api/auth';
import { clearCache } from '../../src/api/cache';
import { ApiError } from '../../src/api/errors';
import { get, setUnauthorizedHandler } from '../../src/api/http';
import { clearToken, readToken, storeToken } from '../../src/api/token';
import { AuthenticateResponse } from '../../src/api/contract';
import { cleanup, createTestServer, PASSWORD, uniqueEmail } from '../server/helpers';

const { app } = await createTestServer();
const realFetch = globalThis.fetch;

beforeEach(() => {
  localStorage.clear();
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
    app.request(String(input), init)) as typeof fetch;
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await cleanup();
});

describe('API client', () => {
  it('registers with form data and signs in with the bearer token afterwards', async () => {
    const email = uniqueEmail('client');
    const session = await api.registerWithEmail({ name: 'Grace Hopper', email, password: PASSWORD });
    expect(session.user).toMatchObject({ name: 'Grace Hopper', email, emailVerified: false });
    storeToken(session.token);
    await expect(api.authenticate()).resolves.toMatchObject({ id: session.user.id });
  });

  it("turns the server's message.en into the Error's message, with the status", async () => {
    const failure = await api
      .loginWithEmail({ email: uniqueEmail('nobody'), password: 'wrong password' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ message: 'Invalid e-mail or password.', status: 401 });
  });

  it("says 'Network Error' when no answer comes back", async () => {
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    await expect(api.loginWithEmail({ email: 'a@b.co', password: 'whatever1' })).rejects.toMatchObject({
      message: 'Network Error',
      status: 0,
    });
  });

  it('fails an authenticated call at once, with an empty error, when no token is stored', async () => {
    const fetchSpy = vi.fn(globalThis.fetch);
    globalThis.fetch = fetchSpy as typeof fetch;
    await expect(api.authenticate()).rejects.toMatchObject({ message: '', status: 401 });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('reports a 401 on an authenticated call, so the app can sign out', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    storeToken('A'.repeat(43));
    await expect(api.authenticate()).rejects.toMatchObject({ status: 401 });
    await vi.waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1));
    setUnauthorizedHandler(() => {});
  });

  it('refuses an answer that does not match the contract', async () => {
    globalThis.fetch = (() => Promise.resolve(Response.json({ user: { id: 1 } }))) as typeof fetch;
    storeToken('token');
    await expect(api.authenticate()).rejects.toThrow('The server sent an answer this page does not understand.');
  });

  it('caches a GET for its minutes, per user, and forgets it on clearCache', async () => {
    const session = await api.registerWithEmail({
      name: 'Cache User',
      email: uniqueEmail('cache'),
      password: PASSWORD,
    });
    storeToken(session.token);
    const fetchSpy = vi.fn(globalThis.fetch);
    globalThis.fetch = fetchSpy as typeof fetch;
    const first = await get('/users/authenticate', AuthenticateResponse, { auth: true, cacheMinutes: 10 });
    const second = await get('/users/authenticate', AuthenticateResponse, { auth: true, cacheMinutes: 10 });
    expect(second).toEqual(first);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const entry = JSON.parse(localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith('cache:'))!)!);
    expect(entry.expiryDate - Date.now()).toBeGreaterThan(9 * 60_000);
    clearCache();
    await get('/users/authenticate', AuthenticateResponse, { auth: true, cacheMinutes: 10 });
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    // 0 minutes: never stored.
    await get('/users/authenticate', AuthenticateResponse, { auth: true });
    await get('/users/authenticate', AuthenticateResponse, { auth: true });
    expect(fetchSpy).toHaveBeenCalledTimes(4);
  });

  it('logout revokes the token on the server', async () => {
    const session = await api.registerWithEmail({ name: 'Leaving', email: uniqueEmail('leave'), password: PASSWORD });
    storeToken(session.token);
    await api.logout();
    await expect(api.authenticate()).rejects.toMatchObject({ status: 401 });
    clearToken();
    expect(readToken()).toBeNull();
  });
});
