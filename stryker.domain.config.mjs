// @ts-check
/**
 * Mutation testing of domain/, the rules the browser and the server share: the machines run's settings
 * (stryker.machines.config.mjs) with these sources, their tests (vitest.mutation-domain.config.ts), their target
 * and their own reports. Pure type files hold nothing to mutate.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
import machines from './stryker.machines.config.mjs';

export default {
  ...machines,
  mutate: ['domain/**/*.ts', '!domain/types.ts'],
  vitest: { ...machines.vitest, configFile: 'vitest.mutation-domain.config.ts' },
  thresholds: { high: 90, low: 85, break: 85 },
  incrementalFile: 'reports/mutation/domain/stryker-incremental.json',
  htmlReporter: { fileName: 'reports/mutation/domain/index.html' },
  jsonReporter: { fileName: 'reports/mutation/domain/mutation.json' },
};
