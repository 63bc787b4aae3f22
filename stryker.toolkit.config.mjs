// @ts-check
/**
 * Mutation testing of the statechart toolkit (toolkit/): the engine behind every generated path, pair, sneak-path
 * and guard check, the coverage report and the diagrams. A mutant it lets live is a coverage claim no test
 * checks (docs/decisions/0018-mutation-testing.md). The machines run's settings (stryker.machines.config.mjs)
 * with these sources, their tests (vitest.mutation-toolkit.config.ts), their target and their own reports.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
import machines from './stryker.machines.config.mjs';

export default {
  ...machines,
  // index.ts only re-exports the others: it holds no logic to mutate.
  mutate: ['toolkit/**/*.ts', '!toolkit/index.ts'],
  vitest: { ...machines.vitest, configFile: 'vitest.mutation-toolkit.config.ts' },
  thresholds: { high: 90, low: 85, break: 85 },
  incrementalFile: 'reports/mutation/toolkit/stryker-incremental.json',
  htmlReporter: { fileName: 'reports/mutation/toolkit/index.html' },
  jsonReporter: { fileName: 'reports/mutation/toolkit/mutation.json' },
};
