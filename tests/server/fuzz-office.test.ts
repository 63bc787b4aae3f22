/** Fuzzing: the office's orders and staff, as an admin and as customers. How, and the rules every answer keeps: fuzz-public.test.ts, fuzz/judge.ts. */
import { describe } from 'vitest';
import { fuzzRoutes } from './fuzz/routes';
import { bystanderUntouched, fuzzEachRoute } from './fuzz/suite';
import { startFuzzWorld } from './fuzz/world';

const world = await startFuzzWorld();

describe("fuzzing the office's routes", () => {
  fuzzEachRoute(world, fuzzRoutes(world).office);
  bystanderUntouched(world);
});
