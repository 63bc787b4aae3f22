/**
 * The paths a second screen size runs: of the covering paths (every transition, cover.ts), the fewest that still
 * show every leaf state and take every event a person causes. What differs on a phone is how a state is laid out
 * and where its controls are; a child's result or a timer is the same at any width
 * (docs/decisions/0044-phone-paths-cover-screens.md).
 */
import { type AnyStateMachine, createActor } from 'xstate';
import type { CoveringPath } from './cover';

/** The leaf states of a state value as dotted names: `{ b: 'c' }` is `b.c`; a parallel state gives one per region. */
export function leafStates(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [`${prefix}${value}`];
  const children = Object.entries(value as Record<string, unknown>);
  // A region with no child states of its own is itself the leaf.
  if (children.length === 0) return [prefix.slice(0, -1)];
  return children.flatMap(([key, child]) => leafStates(child, `${prefix}${key}.`));
}

/** What a path shows and does: `state:<leaf>` for its start and every step, `event:<type>` for each of a person's events. */
export function screenItems(machine: AnyStateMachine, { path }: CoveringPath): string[] {
  const start = createActor(machine, { input: path.input }).getSnapshot();
  const items = leafStates(start.value).map((leaf) => `state:${leaf}`);
  for (const step of path.steps) {
    if (!step.event.type.startsWith('xstate.')) items.push(`event:${step.event.type}`);
    for (const leaf of leafStates(step.state.value)) items.push(`state:${leaf}`);
  }
  return [...new Set(items)];
}

/**
 * The fewest of `paths` (greedy: the most new items first; among equals the shorter path, then the earlier) that
 * together show every item of screenItems; in the order of `paths`.
 */
export function screenCover(machine: AnyStateMachine, paths: CoveringPath[]): CoveringPath[] {
  const items = new Map(paths.map((candidate) => [candidate, screenItems(machine, candidate)]));
  const chosen = new Set<CoveringPath>();
  const shown = new Set<string>();
  for (;;) {
    let best: CoveringPath | undefined;
    let bestGain = 0;
    for (const candidate of paths) {
      const gain = items.get(candidate)!.filter((item) => !shown.has(item)).length;
      if (gain > bestGain || (gain === bestGain && gain > 0 && candidate.path.steps.length < best!.path.steps.length)) {
        best = candidate;
        bestGain = gain;
      }
    }
    if (!best) return paths.filter((candidate) => chosen.has(candidate));
    chosen.add(best);
    for (const item of items.get(best)!) shown.add(item);
  }
}
