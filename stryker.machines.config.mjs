// @ts-check
/**
 * Mutation testing of the statecharts in machines/ (`npm run test:mutation`, scripts/mutation.sh): StrykerJS
 * changes the sources one mutant at a time and runs the tests that cover it (vitest.mutation-machines.config.ts).
 * stryker.server.config.mjs is the same run over the server's account, session, payment and invoice code.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  // `related`: a mutant runs only in the test files that import its file (directly or not). Machines are
  // defined when their module loads, so most of their mutants are static (no test's coverage tells them
  // apart): without this, each of them would run every test file.
  vitest: { configFile: 'vitest.mutation-machines.config.ts', related: true },
  // Each mutant runs only the tests that reached it in the first, unmutated run.
  coverageAnalysis: 'perTest',
  mutate: ['machines/**/*.ts'],
  // Below `break` the run fails (exit code 1).
  thresholds: { high: 95, low: 90, break: 90 },
  concurrency: 2,
  // The first run's results per mutant, reused for the mutants and tests that did not change since.
  incremental: true,
  incrementalFile: 'reports/mutation/machines/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/machines/index.html' },
  jsonReporter: { fileName: 'reports/mutation/machines/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: false },
  // Each run makes a sandbox folder of its own in here (and removes it), so the two may go side by side.
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  // The sandbox is a copy of the project: nothing built, installed or reported belongs in it.
  ignorePatterns: [
    'dist',
    'dist-server',
    'data',
    'reports',
    'test-results',
    'playwright-report',
    // The browser suites stay out, all but their model maps: the machine path tests read the reviewed
    // exclusion list from tests/e2e/model/exclusions.ts.
    'tests/e2e/*',
    '!tests/e2e/model',
  ],
};
