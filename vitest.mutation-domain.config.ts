import { defineConfig } from 'vitest/config';

/**
 * The tests StrykerJS runs against the mutants of domain/ (stryker.domain.config.mjs, `npm run test:mutation`):
 * the rules the browser and the server share are tested where they are used, so the unit and machine tests, and
 * the server tests of the routes whose input and answers the contracts describe, on in-memory SQLite. Left out,
 * as for the server target: the tests that run the compiled server as a process, the PostgreSQL-only ones and
 * the randomised fuzz suite.
 */
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    env: { TEST_DATABASE: 'sqlite' },
    include: [
      'tests/unit/**/*.test.{ts,tsx}',
      'tests/machines/**/*.test.ts',
      'tests/server/availability.test.ts',
      'tests/server/booking.test.ts',
      'tests/server/order-slots.test.ts',
      'tests/server/invoices.test.ts',
      'tests/server/office-orders.test.ts',
      'tests/server/passkeys.test.ts',
      'tests/server/two-factor.test.ts',
      'tests/server/users.test.ts',
    ],
  },
});
