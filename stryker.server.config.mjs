// @ts-check
/**
 * Mutation testing of the server's account, ways-in (passwords, sessions, codes, the app, passkeys, Google links),
 * notification, payment and invoice code: the machines run's
 * settings (stryker.machines.config.mjs) with these sources, their target and their own reports.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
import machines from './stryker.machines.config.mjs';

export default {
  ...machines,
  mutate: [
    'server/account/**/*.ts',
    'server/notifications/**/*.ts',
    'server/ways-in/**/*.ts',
    'server/payments/**/*.ts',
    'server/invoices/**/*.ts',
  ],
  vitest: { ...machines.vitest, configFile: 'vitest.mutation-server.config.ts' },
  thresholds: { high: 90, low: 80, break: 80 },
  incrementalFile: 'reports/mutation/server/stryker-incremental.json',
  htmlReporter: { fileName: 'reports/mutation/server/index.html' },
  jsonReporter: { fileName: 'reports/mutation/server/mutation.json' },
};
