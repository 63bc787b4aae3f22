/** Fuzzing: Registration and sign-in (e-mail and password, the second step, Google, signing out). How, and the rules every answer keeps: fuzz-public.test.ts, fuzz/judge.ts. */
import { describe } from 'vitest';
import { fuzzRoutes } from './fuzz/routes';
import { bystanderUntouched, fuzzEachRoute } from './fuzz/suite';
import { startFuzzWorld } from './fuzz/world';

const world = await startFuzzWorld();

describe('fuzzing registration and sign-in', () => {
  fuzzEachRoute(world, fuzzRoutes(world).auth);
  bystanderUntouched(world);
});
