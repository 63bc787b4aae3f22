import { defineConfig } from 'vitest/config';

/**
 * The tests StrykerJS runs against the mutants of machines/ (stryker.machines.config.mjs, `npm run
 * test:mutation`): the machine tests. The unit tests of the app's wiring (tests/unit) drive the machines too, but
 * through the whole app against a server with real password hashing: every mutant of a machine the app imports
 * would run them, which made the run several times longer for a handful of mutants.
 */
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    include: ['tests/machines/**/*.test.ts'],
  },
});
