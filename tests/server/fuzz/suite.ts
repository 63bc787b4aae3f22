/**
 * The tests a fuzz test file registers for its group of routes: each route gets generated batches of requests
 * (the rules in judge.ts), and at the end the bystander must be as it was. On a failure fast-check prints the
 * seed, the path and the shrunk batch of requests that broke a rule.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { bearer, myInvoices, authenticate, TEST_ON_POSTGRES } from '../helpers';
import { errorLines, runBatch } from './judge';
import { requests } from './requests';
import type { Route } from './routes';
import type { FuzzWorld } from './world';

/**
 * Runs per route, sized so that each fuzz file stays well under a minute on two cores. On PostgreSQL a quarter
 * of them: the seed is new every run, so the SQLite run does the exploring; the PostgreSQL run is there to find
 * what only PostgreSQL refuses (a NUL byte in a text, a number past its column's range), which generated junk
 * reaches within a few batches (docs/testing.md, "How the tests are made").
 */
export const RUNS_PER_ROUTE = TEST_ON_POSTGRES ? 20 : 80;
export const TIMEOUT_MS = 60_000;

export function fuzzEachRoute(world: FuzzWorld, routes: Route[]): void {
  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: no 5xx, errors in the contract shape, the server still answering',
    async (_name, route) => {
      await fc.assert(
        fc.asyncProperty(fc.array(requests(route), { minLength: 1, maxLength: 3 }), (batch) => runBatch(world, batch)),
        { numRuns: RUNS_PER_ROUTE },
      );
    },
    TIMEOUT_MS,
  );
}

/** Registered last in a file: no generated request may have touched the bystander, nor logged an error. */
export function bystanderUntouched(world: FuzzWorld): void {
  it('left the bystander signed in, with the same account and invoices', async () => {
    const { app, bystander } = world;
    const me = await authenticate(app, bystander.token);
    expect(me.status).toBe(200);
    const { user } = (await me.json()) as { user: unknown };
    expect(user).toEqual(bystander.user);
    expect(await myInvoices(app, bystander.token)).toEqual(world.bystanderInvoices);
    // And the bystander can still act with that session.
    const created = await app.request('/api/invoices/my', { headers: bearer(bystander.token) });
    expect(created.status).toBe(200);
    expect(errorLines(world.logLines)).toEqual([]);
  });
}
