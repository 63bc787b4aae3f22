/**
 * The order of the server's test files under StrykerJS (vitest.mutation-server.config.ts). A mutant runs its
 * covering tests (a load-time one, every test file) one file at a time until the first failure, so the sooner the
 * file that fails, the shorter its run. The order (measured in docs/performance.md):
 * 1. canary.test.ts: the common paths under a short time limit, where a mutant that makes everything hang fails
 *    within seconds (the file says why).
 * 2. The files that killed the most mutants of the mutated source file in the kept results (past-killers.ts),
 *    per test they hold. StrykerJS names the mutated file as vitest's `related`.
 * 3. A file that failed when it last ran: the mutant before was often on the same line. Vitest keeps this in a
 *    cache all test processes share, so it is a weaker clue than the kept results, and comes after them.
 * 4. The rest, the quickest first; a file not yet timed (new since the last run) before them, as it may be the one
 *    written to kill the mutant. Vitest's own order runs the longest first (for parallel runs).
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { readPastKillers, type PastKillers } from './past-killers';

export class KillersFirst extends BaseSequencer {
  #pastKillers: PastKillers | undefined;

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { root, related } = this.ctx.config;
    this.#pastKillers ??= readPastKillers(root);
    const killers = new Map<string, number>();
    for (const source of related ?? []) {
      for (const [file, kills] of this.#pastKillers.get(relative(root, source)) ?? []) {
        killers.set(file, (killers.get(file) ?? 0) + kills);
      }
    }
    const ranked = files.map((spec) => ({
      spec,
      result: this.ctx.cache.getTestSpecificationResult(spec),
      kills: killers.get(relative(root, spec.moduleId)) ?? 0,
    }));
    ranked.sort(
      (a, b) =>
        Number(isCanary(b.spec)) - Number(isCanary(a.spec)) ||
        b.kills - a.kills ||
        Number(b.result?.failed ?? false) - Number(a.result?.failed ?? false) ||
        (a.result?.duration ?? -1) - (b.result?.duration ?? -1),
    );
    return ranked.map(({ spec }) => spec);
  }
}

/** The common paths under a short time limit, always first (canary.test.ts says why). */
function isCanary(spec: TestSpecification): boolean {
  return spec.moduleId.endsWith('/tests/server/canary.test.ts');
}
