/**
 * Routes the browser client's `fetch` to the real Hono app in-process (no sockets), with a clean
 * localStorage before each test, and gives `fetch` and the test server back after the file.
 */
import { afterAll, beforeEach } from 'vitest';
import { cleanup, type TestApp } from '../server/helpers';

export function fetchToApp(app: TestApp): void {
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
}
