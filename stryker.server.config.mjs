// @ts-check
/**
 * Mutation testing of the whole server: the machines run's settings (stryker.machines.config.mjs) with these
 * sources, their tests (vitest.mutation-server.config.ts), their target and their own reports. Left out: the
 * development helpers (server/dev/, never started in production), the process entry point (main.ts, which
 * only wires the parts together and is run by the spawned-process tests, which a mutant never reaches) and the
 * worker threads' entry point (threads/worker.ts: three calls, run in threads where no mutant is switched on). Pure
 * type files hold nothing to mutate. The first run is long (hours on two cores); later runs reuse its results
 * (incremental mode) and test only what changed (docs/testing.md#mutation-testing).
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
import machines from './stryker.machines.config.mjs';

export default {
  ...machines,
  mutate: ['server/**/*.ts', '!server/dev/**', '!server/main.ts', '!server/threads/worker.ts'],
  vitest: { ...machines.vitest, configFile: 'vitest.mutation-server.config.ts' },
  // The first, unmutated run is the whole in-process server suite with coverage per test: over StrykerJS's five
  // minutes on a busy 2-core machine.
  dryRunTimeoutMinutes: 40,
  // The unmutated run holds every test's coverage of 12,000 mutants. It once passed Node's default heap of about
  // 4 GB: StrykerJS kept a copy of its growing record per file. Each file now hands over its own part
  // (tests/server/credit-file-set-up-to-its-tests.ts), and that run peaked at 1.6 GB (2026-12-01); this is margin.
  testRunnerNodeArgs: ['--max-old-space-size=8192'],
  // The server's tests wait on real sockets and timers for about half their time (on one worker, 115 s of wall
  // time held 61 s of CPU): four test processes keep two cores busy. Each then runs up to twice as slowly as in
  // the first, unmutated run, so a mutant times out only past three times its tests' time, not 1.5.
  concurrency: 4,
  timeoutFactor: 3,
  thresholds: { high: 90, low: 85, break: 85 },
  incrementalFile: 'reports/mutation/server/stryker-incremental.json',
  htmlReporter: { fileName: 'reports/mutation/server/index.html' },
  jsonReporter: { fileName: 'reports/mutation/server/mutation.json' },
};
