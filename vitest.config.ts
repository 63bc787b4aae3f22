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
  'tests/server/forgot-password-timing.test.ts',
  'tests/server/limits-parts.test.ts',
  'tests/server/log-output.test.ts',
  'tests/server/log-repeats.test.ts',
  'tests/server/limits-postgres.test.ts',
  'tests/server/migrations-postgres.test.ts',
  'tests/server/postgres.test.ts',
  'tests/server/shutdown.test.ts',
  'tests/server/instances.test.ts',
  'tests/server/passkeys-instances.test.ts',
  'tests/server/mail-queue-processes.test.ts',
  'tests/server/database-down.test.ts',
  'tests/server/postgres-races.test.ts',
  'tests/server/query-plans.test.ts',
  'tests/server/read-cache.test.ts',
  'tests/server/report-pdf.test.ts',
];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    // One worker per core, not vitest's default of one fewer: the server tests spend much of their time waiting
    // on PostgreSQL, spawned servers and sockets, and on a 2-core machine the default is a single worker.
    maxWorkers: availableParallelism(),
    globalSetup: ['tests/build-server.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          env: { TEST_DATABASE: 'sqlite' },
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: ['tests/e2e/**', 'node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ['tests/server/**/*.test.ts'],
          exclude: DATABASE_OF_THEIR_OWN,
          env: { TEST_DATABASE: 'postgres' },
        },
      },
    ],
  },
});
