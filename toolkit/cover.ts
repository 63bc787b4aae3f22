/**
 * The fewest generated paths that still take every transition: browser paths are slow, so the browser
 * suite runs a covering subset of the machine-level paths (greedy set cover, longest gain first).
 *
 * What each candidate takes is read from the traversal (each step's microsteps), not from a replay on a live
 * actor: the machine-level suite replays every path and holds its live microsteps to the model's
 * (tests/machines/pathTest.ts), and replaying thousands of candidates here cost every Playwright process about
 * 8 s of a core at start (docs/performance.md).
 */
import type { AnyStateMachine } from 'xstate';
import { exploreModel, generatePaths, type Path, type PathTestOptions } from './engine';
import { expectedMicrosteps } from './pairs';

export interface CoveringPath {
  path: Path;
  transitions: string[];
}

export function coveringPaths(options: PathTestOptions<AnyStateMachine>): CoveringPath[] {
  const models = exploreModel(options);
  const candidates = generatePaths(options, models).map((path) => {
    const model = models.find((candidate) => candidate.input === path.input)!;
    return { path, transitions: [...new Set(expectedMicrosteps(model, path).flat())] };
  });
  const chosen: CoveringPath[] = [];
  const covered = new Set<string>();
  for (;;) {
    let best: CoveringPath | undefined;
    let bestGain = 0;
    for (const candidate of candidates) {
      const gain = candidate.transitions.filter((key) => !covered.has(key)).length;
      // More new transitions first; among equals, the shorter path. A candidate that adds nothing is never best.
      if (gain > bestGain || (gain === bestGain && best && candidate.path.steps.length < best.path.steps.length)) {
        best = candidate;
        bestGain = gain;
      }
    }
    if (!best) return chosen;
    chosen.push(best);
    for (const key of best.transitions) covered.add(key);
  }
}
