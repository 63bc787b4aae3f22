/**
 * The order of the server's test files under StrykerJS (vitest.mutation-server.config.ts). A mutant in code that
 * runs when its module loads has no covering test StrykerJS can name, so it runs every test file that imports the
 * module, one at a time, until the first failure. Vitest's own order runs the longest files first (for parallel
 * runs); here the quickest go first, so a failure comes sooner. A file that failed in the last run still comes
 * first: the next mutant is often on the same line, and dies in the same file. Measured in docs/performance.md.
 * Before all of them: canary.test.ts, the common paths with a short time limit.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export class QuickestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ranked = files.map((spec) => ({ spec, result: this.ctx.cache.getTestSpecificationResult(spec) }));
    ranked.sort(
      (a, b) =>
        Number(isCanary(b.spec)) - Number(isCanary(a.spec)) ||
        Number(b.result?.failed ?? false) - Number(a.result?.failed ?? false) ||
        // A file not yet timed (new since the last run) first: it may be the one written to kill the mutant.
        (a.result?.duration ?? -1) - (b.result?.duration ?? -1),
    );
    return ranked.map(({ spec }) => spec);
  }
}

/** The common paths under a short time limit, always first (canary.test.ts says why). */
function isCanary(spec: TestSpecification): boolean {
  return spec.moduleId.endsWith('/tests/server/canary.test.ts');
}
