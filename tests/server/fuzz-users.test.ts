/** Fuzzing: the signed-in account's routes (profile, password, verification, notifications, deletion, visits, avatars). How, and the rules every answer keeps: fuzz-public.test.ts, fuzz/judge.ts. */
import { describe } from 'vitest';
import { fuzzRoutes } from './fuzz/routes';
import { bystanderUntouched, fuzzEachRoute } from './fuzz/suite';
import { startFuzzWorld } from './fuzz/world';

const world = await startFuzzWorld();

describe("fuzzing the signed-in account's routes", () => {
  fuzzEachRoute(world, fuzzRoutes(world).users);
  bystanderUntouched(world);
});
