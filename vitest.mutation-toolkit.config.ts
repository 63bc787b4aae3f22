import { defineConfig } from 'vitest/config';

/**
 * The tests StrykerJS runs against the mutants of toolkit/ (stryker.toolkit.config.mjs, `npm run test:mutation`):
 * the toolkit's own tests, which feed it small machines whose paths, pairs, sneak paths and guards are known by
 * hand, the harness test, the coverage report's and the diagrams' tests. The machine suites run the toolkit too,
 * but every toolkit mutant would run all of them, for the few mutants only a large machine reaches.
 */
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    include: [
      'tests/toolkit/**/*.test.ts',
      'tests/machines/pathTest.test.ts',
      'tests/unit/model-report.test.ts',
      'tests/unit/diagrams.test.ts',
    ],
  },
});
