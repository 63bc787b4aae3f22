import { defineConfig } from 'vitest/config';

/**
 * The tests StrykerJS runs against the mutants of machines/ (stryker.machines.config.mjs, `npm run
 * test:mutation`): the machine tests and the unit tests that drive machines.
 */
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    env: { TEST_DATABASE: 'sqlite' },
    include: [
      'tests/machines/**/*.test.ts',
      'tests/unit/apiClient.test.ts',
      'tests/unit/appWiring.test.ts',
      'tests/unit/inspectorMask.test.ts',
    ],
  },
});
