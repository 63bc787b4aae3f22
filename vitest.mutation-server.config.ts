import { configDefaults, defineConfig } from 'vitest/config';
import { markTestFileBody } from './tests/server/mark-test-file-body';
import { KillersFirst } from './tests/server/mutant-test-order';

/**
 * The tests StrykerJS runs against the server's mutants (stryker.server.config.mjs, `npm run test:mutation`):
 * every server test that reaches the code through the Hono app in the test's own process, on in-memory SQLite
 * (createTestServer picks PostgreSQL only for TEST_DATABASE=postgres), and the PostgreSQL tests that start a
 * cluster of their own and call the server's code in-process. Left out: the tests that run the compiled server
 * as a process of its own (a mutant in the sources never reaches dist-server/), and the randomised fuzz suites
 * (a mutant's fate must not depend on the seed), and the files that replace a module.
 */
export default defineConfig({
  // Where each test file's own code starts, for the set-up credited to its tests (below).
  plugins: [markTestFileBody()],
  test: {
    environment: 'node',
    testTimeout: 20_000,
    env: { TEST_DATABASE: 'sqlite' },
    // One module graph for all the files a mutant runs, as `npm test` does (vitest.config.ts): each file imported
    // the whole server again, 45 of the suite's 161 s on one worker (docs/performance.md).
    isolate: false,
    setupFiles: [
      'tests/real-time-between-files.ts',
      'tests/server/close-what-earlier-files-left.ts',
      'tests/server/stop-after-a-failure.ts',
      'tests/server/build-queries-in-each-test.ts',
      'tests/server/credit-file-set-up-to-its-tests.ts',
    ],
    // A mutant runs file after file until one fails: those that killed its neighbours first (tests/server/mutant-test-order.ts).
    sequence: { sequencer: KillersFirst },
    include: ['tests/server/**/*.test.ts'],
    exclude: [
      ...configDefaults.exclude,
      'tests/server/fuzz-*.test.ts',
      // They replace a module (vi.mock) and need a module graph of their own (vitest.config.ts).
      'tests/server/*.isolated.test.ts',
      // Their report check's budget is CPU time, which the instrumented parser overruns (each file's header).
      'tests/server/office-report-largest.test.ts',
      'tests/server/report-pdf-time.test.ts',
      // They start dist-server/ as a process (tests/server/spawned-server.ts).
      'tests/server/backup.test.ts',
      'tests/server/booking-race.test.ts',
      'tests/server/connections.test.ts',
      'tests/server/database-faults.test.ts',
      'tests/server/documents-process.test.ts',
      'tests/server/instances.test.ts',
      'tests/server/mail-queue-processes.test.ts',
      'tests/server/office-upload-process.test.ts',
      'tests/server/payments-fail-closed.test.ts',
      'tests/server/shutdown.test.ts',
    ],
  },
});
