import { defineConfig } from 'vitest/config';

/**
 * The tests StrykerJS runs against the mutants of the server's account, ways-in, session, password, payment and invoice
 * code (stryker.server.config.mjs, `npm run test:mutation`): the server tests that reach that code through the
 * Hono app in-process, on in-memory SQLite (createTestServer picks PostgreSQL only for TEST_DATABASE=postgres;
 * the code under test has one dialect branch, in purgeDueAccounts). Left out: the tests that run the compiled
 * server as a process of its own (a mutant in the sources never reaches dist-server/), the PostgreSQL-only
 * ones, and the randomised fuzz suite (a mutant's fate must not depend on the seed).
 */
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    env: { TEST_DATABASE: 'sqlite' },
    include: [
      'tests/server/account-changes.test.ts',
      'tests/server/cleanup.test.ts',
      'tests/server/deletion.test.ts',
      'tests/server/email-change-proof.test.ts',
      'tests/server/google.test.ts',
      'tests/server/hardening.test.ts',
      'tests/server/idempotency.test.ts',
      'tests/server/invoices.test.ts',
      'tests/server/limits.test.ts',
      'tests/server/login.test.ts',
      'tests/server/notifications.test.ts',
      'tests/server/office-access.test.ts',
      'tests/server/office-orders.test.ts',
      'tests/server/password-queue.test.ts',
      'tests/server/passkeys.test.ts',
      'tests/server/password-reset.test.ts',
      'tests/server/payments.test.ts',
      'tests/server/register.test.ts',
      'tests/server/security-log.test.ts',
      'tests/server/sign-in-second-step.test.ts',
      'tests/server/sessions.test.ts',
      'tests/server/stripe.test.ts',
      'tests/server/two-factor.test.ts',
      'tests/server/two-factor-google.test.ts',
      'tests/server/two-factor-rules.test.ts',
      'tests/server/two-factor-staff.test.ts',
      'tests/server/users.test.ts',
      'tests/server/verification.test.ts',
      'tests/server/ways-in.test.ts',
    ],
  },
});
