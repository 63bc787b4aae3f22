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
  mutantCoverage?: Coverage;
}
interface Coverage {
  static: Hits;
  perTest: Record<string, Hits>;
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
  /** The mutants seen at load time in this worker so far. */
  loadTime: Set<string>;
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
  // Vitest reads the hook's first parameter for the fixtures it asks for: an empty pattern asks for none.
  // eslint-disable-next-line no-empty-pattern
  afterAll(({}, suite) => {
    credit.outside = undefined;
    const coverage = stryker.mutantCoverage;
    if (!coverage) return;
    creditSetUp(coverage, credit, key);
    for (const mutant of Object.keys(coverage.static)) credit.loadTime.add(mutant);
    handOver(coverage, suite.meta);
  });
} else if (name && mode === 'mutant') {
  // A mutant run of these tests switches the mutant on in their `beforeAll`, after the file's top level ran: on
  // before it, so that the set-up credited to them runs mutated too.
  const stryker = (worker[name] ??= {});
  stryker.activeMutant = inject('activeMutant');
}

/** Moves what the file ran outside its tests from its own key to each of its tests. */
function creditSetUp(coverage: Coverage, credit: FileCredit, key: string) {
  const hits = coverage.perTest[key];
  if (!hits) return;
  delete coverage.perTest[key];
  // A file none of whose tests ran (all skipped): nothing to credit, so it stays static, as before.
  if (credit.tests.size === 0) return addHits(coverage.static, Object.entries(hits));
  // A mutant seen at load time runs every test anyway: crediting it too would only hold memory.
  const credited = Object.entries(hits).filter(
    ([mutant]) => !credit.loadTime.has(mutant) && !(mutant in coverage.static),
  );
  for (const test of credit.tests) addHits((coverage.perTest[test] ??= {}), credited);
}

/**
 * Gives StrykerJS this file's coverage alone, and starts a new record for the next file. StrykerJS hands its
 * whole record over after each file; with the files sharing one module graph, that record grows from file to
 * file, and the run held a copy per file: with the set-up credited, the unmutated run passed 12 GB. StrykerJS
 * joins the files' records itself. Its own `afterAll` comes after this one and sets the file's record again:
 * the property ignores that. The record object itself stays: each instrumented module keeps a reference to it
 * and reads its two tables on every hit, so only the tables are replaced.
 */
function handOver(coverage: Coverage, meta: object) {
  const part: Coverage = { static: coverage.static, perTest: coverage.perTest };
  Object.defineProperty(meta, 'mutantCoverage', { enumerable: true, get: () => part, set: () => undefined });
  // What runs from here on (a test's last background work) goes to the next file's part.
  coverage.static = {};
  coverage.perTest = {};
}

function addHits(owner: Hits, hits: [string, number][]) {
  for (const [mutant, count] of hits) owner[mutant] = (owner[mutant] ?? 0) + count;
}

/** Makes StrykerJS's "current test" fall back to the file's key between tests. */
function installCredit(stryker: StrykerGlobal): FileCredit {
  const credit: FileCredit = { tests: new Set(), loadTime: new Set(), files: 0 };
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
