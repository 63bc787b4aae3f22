/**
 * Which test files killed the mutants of each source file, read from the server's kept mutation results
 * (mutation/server.json.gz, which StrykerJS copies into its sandbox). The order of test files under StrykerJS
 * (mutant-test-order.ts) runs these first: a mutant is most often killed by a file that killed its neighbours.
 * Measured on the kept results in docs/performance.md ("sixth session").
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** Per source file, each test file that killed its mutants, with its kills per test it holds. */
export type PastKillers = Map<string, Map<string, number>>;

interface KeptResults {
  testFiles?: Record<string, { tests: { id: string }[] }>;
  files?: Record<string, { mutants: { status: string; killedBy?: string[] }[] }>;
}

/** The kept results under `root`, or none on a first run or from a file that cannot be read. */
export function readPastKillers(root: string): PastKillers {
  const kept = join(root, 'mutation', 'server.json.gz');
  if (!existsSync(kept)) return new Map();
  try {
    return pastKillers(JSON.parse(gunzipSync(readFileSync(kept)).toString('utf8')) as KeptResults);
  } catch {
    // Only an order is lost: the run goes on in the quickest-first order.
    return new Map();
  }
}

/**
 * A mutant names the test that killed it; the test, its file. A file's kills are divided by its tests: of two files
 * that each killed as often, the smaller runs sooner to its failure.
 */
export function pastKillers(results: KeptResults): PastKillers {
  const fileOfTest = new Map<string, string>();
  const testsInFile = new Map<string, number>();
  for (const [file, { tests }] of Object.entries(results.testFiles ?? {})) {
    testsInFile.set(file, tests.length);
    for (const { id } of tests) fileOfTest.set(id, file);
  }
  const killers: PastKillers = new Map();
  for (const [source, { mutants }] of Object.entries(results.files ?? {})) {
    const bySource = new Map<string, number>();
    for (const { status, killedBy } of mutants) {
      const file = status === 'Killed' && killedBy?.[0] !== undefined ? fileOfTest.get(killedBy[0]) : undefined;
      if (file === undefined) continue;
      bySource.set(file, (bySource.get(file) ?? 0) + 1 / (testsInFile.get(file) ?? 1));
    }
    if (bySource.size > 0) killers.set(source, bySource);
  }
  return killers;
}
