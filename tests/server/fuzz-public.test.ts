/**
 * Property-based fuzzing of the whole HTTP surface (fast-check), one file per group of routes (fuzz/routes.ts):
 * generated requests, signed in and not, with bodies of the contract's shapes with fields mutated, arbitrary
 * JSON, deep nesting, huge strings, bytes that are not UTF-8, forms and multipart bodies with odd parts, wrong
 * or missing content types, odd queries, path parameters and headers. Whatever comes in, the rules in
 * fuzz/judge.ts hold, and a bystander's session and invoices are untouched at the end (fuzz/suite.ts).
 * This file: that the groups cover every route the app registers, the routes anyone may call, and paths and
 * methods no route claims.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runBatch } from './fuzz/judge';
import { strayRequests } from './fuzz/requests';
import { fuzzRoutes } from './fuzz/routes';
import { RUNS_PER_ROUTE, TIMEOUT_MS, bystanderUntouched, fuzzEachRoute } from './fuzz/suite';
import { startFuzzWorld } from './fuzz/world';

const world = await startFuzzWorld();
const groups = fuzzRoutes(world);

describe('fuzzing the routes anyone may call', () => {
  it('covers every route the app registers', () => {
    // (The SPA's catch-all, GET /*, is fuzzed with the stray paths below.)
    const registered = new Set(
      world.app.routes
        .filter((route) => route.method !== 'ALL' && !route.path.endsWith('*'))
        .map((route) => `${route.method} ${route.path}`),
    );
    const names = Object.values(groups).flatMap((routes) => routes.map((route) => `${route.method} ${route.path}`));
    const fuzzed = new Set(names);
    expect(names.length).toBe(fuzzed.size); // no route in two groups
    expect([...registered].filter((route) => !fuzzed.has(route))).toEqual([]);
    expect([...fuzzed].filter((route) => !registered.has(route))).toEqual([]);
  });

  fuzzEachRoute(world, groups.public);

  it(
    'paths and methods no route claims',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(strayRequests, { minLength: 1, maxLength: 3 }), (batch) => runBatch(world, batch)),
        { numRuns: RUNS_PER_ROUTE },
      );
    },
    TIMEOUT_MS,
  );

  bystanderUntouched(world);
});
