import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Server test files that choose their database themselves (or need none): they run once, in the first
 * project. Every other server test file runs twice, on SQLite and on PostgreSQL (createTestServer reads
 * TEST_DATABASE; docs/decisions/0010-shared-state-in-the-database.md).
 */
const DATABASE_OF_THEIR_OWN = [
  'tests/server/build-check.test.ts',
  'tests/server/config.test.ts',
  'tests/server/config-values.test.ts',
  'tests/server/forgot-password-timing.test.ts',
  'tests/server/limits-parts.test.ts',
  'tests/server/log-output.test.ts',
  'tests/server/log-repeats.test.ts',
  'tests/server/schema.test.ts',
  'tests/server/db-errors.test.ts',
  'tests/server/http-errors.test.ts',
  'tests/server/client-aborted.test.ts',
  'tests/server/statement-cache.test.ts',
  'tests/server/mail-wording.test.ts',
  'tests/server/mail-wording-calls.test.ts',
  'tests/server/limits-postgres.test.ts',
  'tests/server/limits-store-fails.test.ts',
  'tests/server/migrations-postgres.test.ts',
  'tests/server/postgres.test.ts',
  'tests/server/shutdown.test.ts',
  'tests/server/instances.test.ts',
  'tests/server/passkeys-instances.test.ts',
  'tests/server/booking-race.test.ts',
  'tests/server/mail-queue-processes.test.ts',
  'tests/server/database-down.test.ts',
  'tests/server/database-faults.test.ts',
  'tests/server/connections.test.ts',
  'tests/server/connection-guard.test.ts',
  'tests/server/drain.test.ts',
  'tests/server/documents-process.test.ts',
  'tests/server/office-upload-process.test.ts',
  'tests/server/postgres-races.test.ts',
  'tests/server/postgres-junk-ids.test.ts',
  'tests/server/query-plans.test.ts',
  'tests/server/read-cache.test.ts',
  'tests/server/sqlite-other-writer.test.ts',
  'tests/server/report-pdf.test.ts',
  'tests/server/invoice-pdf.test.ts',
  'tests/server/ops.test.ts',
  'tests/server/ops-sqlite.test.ts',
  'tests/server/ops-postgres-tools.test.ts',
];

/** Test files that replace a module (vi.mock): they run once, each in a fresh module graph. */
const ISOLATED = 'tests/**/*.isolated.test.ts';

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    // One worker per core, not vitest's default of one fewer: the server tests spend much of their time waiting
    // on PostgreSQL, spawned servers and sockets, and on a 2-core machine the default is a single worker.
    maxWorkers: availableParallelism(),
    globalSetup: ['tests/build-server.ts'],
    setupFiles: ['tests/real-time-between-files.ts'],
    // A worker keeps its modules from one test file to the next instead of importing the server again for
    // each (about 1.3 s of a core per file, 196 files): every test builds its own app, database and clock, so
    // nothing a test relies on lives in a module. A file that replaces a module (vi.mock) is `*.isolated.test.ts`
    // and runs in the `isolated` project, in a module graph of its own.
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          env: { TEST_DATABASE: 'sqlite' },
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: ['tests/e2e/**', 'node_modules/**', ISOLATED],
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          env: { TEST_DATABASE: 'sqlite' },
          include: [ISOLATED],
          isolate: true,
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ['tests/server/**/*.test.ts'],
          exclude: [...DATABASE_OF_THEIR_OWN, ISOLATED],
          env: { TEST_DATABASE: 'postgres' },
          // One cluster for the whole run, a database per test server in it.
          globalSetup: ['tests/postgres-server.ts'],
        },
      },
    ],
  },
});
