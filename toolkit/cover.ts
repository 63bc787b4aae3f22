/**
 * The fewest generated paths that still take every transition: browser paths are slow, so the browser
 * suite runs a covering subset of the machine-level paths (greedy set cover, longest gain first).
 */
import type { AnyStateMachine } from 'xstate';
import { generatePaths, type Path, type PathTestOptions } from './engine';
import { replay } from './replay';

export interface CoveringPath {
  path: Path;
  transitions: string[];
}

export async function coveringPaths(options: PathTestOptions<AnyStateMachine>): Promise<CoveringPath[]> {
  const candidates: CoveringPath[] = [];
  for (const path of generatePaths(options)) {
    candidates.push({ path, transitions: [...new Set(await replay(options, path))] });
  }
  const chosen: CoveringPath[] = [];
  const covered = new Set<string>();
  for (;;) {
    let best: CoveringPath | undefined;
    let bestGain = 0;
    for (const candidate of candidates) {
      const gain = candidate.transitions.filter((key) => !covered.has(key)).length;
      // More new transitions first; among equals, the shorter path.
      if (
        gain > bestGain ||
        (gain === bestGain && gain > 0 && best && candidate.path.steps.length < best.path.steps.length)
      ) {
        best = candidate;
        bestGain = gain;
      }
    }
    if (!best || bestGain === 0) return chosen;
    chosen.push(best);
    for (const key of best.transitions) covered.add(key);
  }
}
