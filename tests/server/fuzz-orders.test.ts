/** Fuzzing: Ordering and paying (invoices, an order's report and calendar entry, the sandbox checkout). How, and the rules every answer keeps: fuzz-public.test.ts, fuzz/judge.ts. */
import { describe } from 'vitest';
import { fuzzRoutes } from './fuzz/routes';
import { bystanderUntouched, fuzzEachRoute } from './fuzz/suite';
import { startFuzzWorld } from './fuzz/world';

const world = await startFuzzWorld();

describe('fuzzing ordering and paying', () => {
  fuzzEachRoute(world, fuzzRoutes(world).orders);
  bystanderUntouched(world);
});
