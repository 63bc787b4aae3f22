import { defineConfig } from 'vitest/config';

/**
 * The tests StrykerJS runs against the mutants of domain/ (stryker.domain.config.mjs, `npm run test:mutation`):
 * the unit tests that read the shared rules directly. The server, machine and view tests are left out on purpose:
 * most of domain/ is declared when its module loads (contracts, texts, the catalogue), so StrykerJS cannot tell
 * which test reaches such a mutant and runs every test file that imports it. Through the server app or the
 * generated machine suites that is minutes a mutant (a nine-hour run was estimated with them). The rules are
 * pinned where they are written instead (tests/unit/domain-*.test.ts).
 */
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    include: [
      'tests/unit/domain-*.test.ts',
      'tests/unit/billing.test.ts',
      'tests/unit/booking-slots.test.ts',
      'tests/unit/catalogue-order.test.ts',
      'tests/unit/company.test.ts',
      'tests/unit/price.test.ts',
      'tests/unit/validation.test.ts',
      'tests/unit/ways-in.test.ts',
    ],
  },
});
