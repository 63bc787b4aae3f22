/**
 * Before each server test file under StrykerJS: what the file runs outside its tests is credited to its tests.
 * StrykerJS's vitest runner credits code to a test only between that test's `beforeEach` and `afterEach`. What a
 * file runs at its top level (most build their test server and first accounts there), in its `beforeAll` and
 * `afterAll`, and what a test leaves running after it (a mail sent in the background) counted as "static": such
 * a mutant ran the whole suite, minutes each, and 1,868 of the 1,870 left in the run of 2026-12-01 were static.
 * Those are the file's own doing, so the file's tests are the ones that can see them: they are credited with it,
 * and such a mutant runs those tests alone. What a source module runs when it is first imported stays static (it
 * runs once per process, so only a fresh one sees a mutant there); `mark-test-file-body.ts` tells where a file's
 * imports end and its own code starts (docs/testing.md#mutation-testing).
 */
import { afterAll, inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** StrykerJS's vitest runner: the name of its global, where the instrumented code records what ran. */
    globalNamespace?: string;
  }
}

/** What StrykerJS's instrumented code reads and writes on its global. */
interface StrykerGlobal {
  currentTestId?: string;
  activeMutant?: string;
  mutantCoverage?: { static: Hits; perTest: Record<string, Hits> };
}
type Hits = Record<string, number>;

/** This worker's state, kept across its files (they share one module graph and this global). */
interface FileCredit {
  /** The test running now, as StrykerJS set it. */
  test?: string;
  /** The key the file's own code is recorded under while no test runs, once its body has started. */
  outside?: string;
  /** The tests of this file that ran. */
  tests: Set<string>;
  files: number;
}

const mode = inject('mode');
const name = inject('globalNamespace');
const worker = globalThis as unknown as Record<string, StrykerGlobal | undefined> & {
  fileCredit?: FileCredit;
  testFileBodyStarts?: () => void;
};

if (name && mode === 'dry-run') {
  const stryker = (worker[name] ??= {});
  const credit = (worker.fileCredit ??= installCredit(stryker));
  credit.outside = undefined;
  credit.tests = new Set();
  const key = `file set-up ${(credit.files += 1)}`;
  worker.testFileBodyStarts = () => {
    credit.outside = key;
  };
  afterAll(() => {
    credit.outside = undefined;
    const coverage = stryker.mutantCoverage;
    const hits = coverage?.perTest[key];
    if (!coverage || !hits) return;
    delete coverage.perTest[key];
    // A file none of whose tests ran (all skipped): nothing to credit, so it stays static, as before.
    const owners =
      credit.tests.size > 0 ? [...credit.tests].map((test) => (coverage.perTest[test] ??= {})) : [coverage.static];
    for (const owner of owners) {
      for (const [mutant, count] of Object.entries(hits)) owner[mutant] = (owner[mutant] ?? 0) + count;
    }
  });
} else if (name && mode === 'mutant') {
  // A mutant run of these tests switches the mutant on in their `beforeAll`, after the file's top level ran: on
  // before it, so that the set-up credited to them runs mutated too.
  const stryker = (worker[name] ??= {});
  stryker.activeMutant = inject('activeMutant');
}

/** Makes StrykerJS's "current test" fall back to the file's key between tests. */
function installCredit(stryker: StrykerGlobal): FileCredit {
  const credit: FileCredit = { tests: new Set(), files: 0 };
  Object.defineProperty(stryker, 'currentTestId', {
    configurable: true,
    get: () => credit.test ?? credit.outside,
    set: (test: string | undefined) => {
      credit.test = test;
      if (test) credit.tests.add(test);
    },
  });
  return credit;
}
