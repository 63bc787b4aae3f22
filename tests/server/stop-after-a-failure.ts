/**
 * Before each server test file under StrykerJS: once a test of this mutant's run has failed, the next files fail
 * at once, before their top level runs. The mutant is killed by the first failure (StrykerJS stops at one,
 * vitest's `bail`), but vitest's worker still walks the rest of its batch: it skips their tests, yet runs each
 * file's top level, where most files build a test server and their first accounts. A mutant that makes every
 * write hang (the group commit) held such a top-level await until StrykerJS's own time-out, minutes on an idle
 * machine, and its result was a time-out instead of a kill (docs/testing.md#mutation-testing).
 */
import { beforeEach, inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** StrykerJS's vitest runner: 'dry-run' for the unmutated run, 'mutant' for a mutant's. */
    mode?: string;
    /** StrykerJS's vitest runner: the id of the mutant this run switches on. */
    activeMutant?: string;
  }
}

/** The files of a worker share one module graph (`isolate: false`), and so this global, from run to run. */
const worker = globalThis as { failedRun?: string };
const thisRun = `${inject('mode') ?? 'plain'} ${inject('activeMutant') ?? ''}`;

if (worker.failedRun === thisRun) {
  throw new Error(`not run: a test before this file failed, in the same run (${thisRun})`);
}

beforeEach(({ onTestFailed }) => {
  onTestFailed(() => {
    worker.failedRun = thisRun;
  });
});
