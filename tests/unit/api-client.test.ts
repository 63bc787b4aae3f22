// @vitest-environment jsdom
/**
 * The browser's API client against the real Hono app in-process: fetch is routed to `app.request`,
 * so the bearer header, the validation of answers, the error texts and the cache are all checked
 * against the real server, not a mock.
 */
import { describe, expect, it, vi } from 'vitest';
import * as api from '#src/api/auth';
import { clearCache } from '#src/api/cache';
import { errorMessage } from '#domain/errorMessage';
import { orderErrorMessage } from '#machines/wizard.machine';
import { ApiError } from '#src/api/errors';
import { DEFAULT_TIMEOUT_MS, get, post, setUnauthorizedHandler } from '#src/api/http';
import * as account from '#src/api/account';
import * as invoices from '#src/api/invoices';
import { clearToken, readToken, storeToken } from '#src/api/token';
import { AuthenticateResponse, ClientConfig } from '#domain/contract';
import { createTestServer, PASSWORD, uniqueEmail } from '../server/helpers';
import { fetchToApp } from './fetch-to-app';

const { app } = await createTestServer();
fetchToApp(app);

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
    expect(failure).toMatchObject({
      message: 'Invalid e-mail or password.',
      status: 401,
      serverMessage: 'Invalid e-mail or password.',
    });
    // Every screen shows the server's text as it is.
    expect(errorMessage(failure)).toBe('Invalid e-mail or password.');
    expect(orderErrorMessage(failure)).toBe('Invalid e-mail or password.');
  });

  it("says 'Network Error' when no answer comes back", async () => {
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    const failure = await api.loginWithEmail({ email: 'a@b.co', password: 'whatever1' }).catch((e: unknown) => e);
    expect(failure).toMatchObject({ message: 'Network Error', status: 0, serverMessage: null });
    expect(errorMessage(failure)).toBe('Network Error');
    expect(orderErrorMessage(failure)).toBe('Network Error');
  });

  it("says 'Request failed with status code N' for an answer without message.en", async () => {
    // A proxy in front of the server answers for it, with a page of its own.
    globalThis.fetch = (() =>
      Promise.resolve(
        new Response('<h1>502 Bad Gateway</h1>', { status: 502, headers: { 'content-type': 'text/html' } }),
      )) as typeof fetch;
    storeToken('token');
    const order = { amount: 49, title: 'Website Development Consultation', type: 'Video Meeting', url: '' } as const;
    const failure = await invoices.createInvoice(order).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ message: 'Request failed with status code 502', status: 502, serverMessage: null });
    // The order's toast shows the client's message; the sign-in screens show 'Network Error'.
    expect(orderErrorMessage(failure)).toBe('Request failed with status code 502');
    expect(errorMessage(failure)).toBe('Network Error');
    // A JSON answer without message.en is no different.
    globalThis.fetch = (() => Promise.resolve(Response.json({ error: 'busy' }, { status: 503 }))) as typeof fetch;
    await expect(invoices.createInvoice(order)).rejects.toMatchObject({
      message: 'Request failed with status code 503',
      serverMessage: null,
    });
  });

  it('sends the same Idempotency-Key when the same order is confirmed again, so no second invoice is made', async () => {
    const session = await api.registerWithEmail({
      name: 'Retry Order',
      email: uniqueEmail('retry'),
      password: PASSWORD,
    });
    storeToken(session.token);
    const order = { amount: 49, title: 'Website Development Consultation', type: 'Video Meeting', url: '' } as const;
    const first = await invoices.createInvoice(order);
    const again = await invoices.createInvoice(order);
    expect(again).toEqual(first);
    expect(await invoices.myInvoices()).toHaveLength(1);
    // A changed draft is a new order.
    expect(invoices.orderKey({ ...order, type: 'Phone Call' })).not.toBe(invoices.orderKey(order));
    await invoices.createInvoice({ ...order, type: 'Phone Call' });
    expect(await invoices.myInvoices()).toHaveLength(2);
  });

  /** A fetch that never answers, but ends as a browser's does when its signal aborts. */
  function hangingFetch() {
    const seen: (AbortSignal | undefined)[] = [];
    const fetch = ((_input: RequestInfo | URL, init?: RequestInit) => {
      const signal = init?.signal ?? undefined;
      seen.push(signal);
      return new Promise((_resolve, reject) => {
        const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
        if (signal?.aborted) abort();
        signal?.addEventListener('abort', abort);
      });
    }) as typeof globalThis.fetch;
    return { fetch, seen };
  }

  it("says 'Request aborted' when the caller aborts the request", async () => {
    const hanging = hangingFetch();
    globalThis.fetch = hanging.fetch;
    const controller = new AbortController();
    const call = get('/client-config', ClientConfig, { signal: controller.signal }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(hanging.seen).toHaveLength(1));
    controller.abort();
    const failure = await call;
    expect(failure).toMatchObject({ message: 'Request aborted', status: 0, serverMessage: null });
    expect(orderErrorMessage(failure)).toBe('Request aborted');
    expect(errorMessage(failure)).toBe('Network Error');
    // Already aborted: it ends at once, the same way.
    await expect(
      post('/auth/login/email', null, { email: 'a@b.co', password: 'x' }, { signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ message: 'Request aborted' });
  });

  it('says the time-out was exceeded when a configured time-out passes first', async () => {
    const hanging = hangingFetch();
    globalThis.fetch = hanging.fetch;
    const started = Date.now();
    const failure = await get('/client-config', ClientConfig, { timeoutMs: 50 }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(failure).toMatchObject({ message: 'timeout of 50ms exceeded', status: 0, serverMessage: null });
    expect(orderErrorMessage(failure)).toBe('timeout of 50ms exceeded');
    expect(errorMessage(failure)).toBe('Network Error');
  });

  it('has no time-out by default: a slow answer still arrives', async () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(0);
    const timers = vi.spyOn(globalThis, 'setTimeout');
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
      new Promise((resolve) => setTimeout(resolve, 120)).then(() => app.request(String(input), init))) as typeof fetch;
    timers.mockClear();
    const slow = api.loginWithEmail({ email: uniqueEmail('slow'), password: 'wrong password' }).catch((e) => e);
    // No timer was set for the call itself (only the slow fetch's own).
    expect(timers).toHaveBeenCalledTimes(1);
    timers.mockRestore();
    await expect(slow).resolves.toMatchObject({ message: 'Invalid e-mail or password.', status: 401 });
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
    await api.logout(session.token);
    await expect(api.authenticate()).rejects.toMatchObject({ status: 401 });
    clearToken();
    expect(readToken()).toBeNull();
  });

  it("sends the account's writes as POST: seeing notifications by id, and a customer's deletion request without a body", async () => {
    const session = await api.registerWithEmail({ name: 'Writer', email: uniqueEmail('posts'), password: PASSWORD });
    storeToken(session.token);
    const toApp = globalThis.fetch;
    const sent: { method: string | undefined; path: string; body: unknown }[] = [];
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      sent.push({ method: init?.method, path: new URL(String(input), 'http://localhost').pathname, body: init?.body });
      return toApp(input, init);
    }) as typeof fetch;
    await account.seeNotifications(['n1', 'n2']);
    await expect(account.requestDeletion()).resolves.toMatch(/^Your account and its data will be deleted on /);
    // Asked again, it reaches the server again (nothing is cached).
    await expect(account.requestDeletion()).resolves.toMatch(/\(in 14 days\)/);
    expect(sent).toEqual([
      { method: 'POST', path: '/api/users/notifications/see', body: JSON.stringify({ ids: ['n1', 'n2'] }) },
      { method: 'POST', path: '/api/users/account/deletion/request', body: undefined },
      { method: 'POST', path: '/api/users/account/deletion/request', body: undefined },
    ]);
    await expect(api.authenticate()).resolves.toMatchObject({ deletionScheduledFor: expect.any(String) });
  });
});
