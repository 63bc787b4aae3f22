/**
 * Transition pairs (1-switch coverage). A transition is a key of definedTransitions (source state, event,
 * place among the candidates). A run of the machine is the sequence of its microsteps that took at least one
 * transition; a pair (t1, t2) is taken when t1 is in one such microstep and t2 in the next one (within one
 * event's macrostep, or from the last microstep of one event to the first of a later one; events nothing
 * handles leave the state as it was and do not break a pair).
 *
 * - Candidates: the pairs the structure allows, t2's source may be active right after t1 (an ancestor or a
 *   descendant of one of t1's targets, of t1's source when it has none, or a state in a parallel region).
 * - Feasible: the candidates the traversal takes somewhere: inside an edge's microsteps, or from the last
 *   microstep of an edge (or of the start) into a state to the first microstep of an edge out of it.
 * - Proven infeasible: the other candidates. The traversal saw every reachable state with every offered sample
 *   event, so none of them lets t2 follow t1; each one is listed with the reason the traversal gives.
 *
 * Feasibility is judged on the traversal's model: its sample events and its state key (serializeState).
 */
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import {
  activeNodes,
  DONE_ACTOR,
  ERROR_ACTOR,
  SNAPSHOT_ACTOR,
  type Model,
  type ModelNode,
  offeredEvents,
  type Path,
  type PathTestOptions,
  type Step,
  stepOf,
  takenMicrosteps,
} from './engine';
import { allTransitions, guardName, transitionKey } from './transitions';

export const PAIR_SEPARATOR = ' >> ';

export function pairKey(first: string, second: string): string {
  return `${first}${PAIR_SEPARATOR}${second}`;
}

/** Every pair a sequence of microsteps takes (each a list of transition keys; empty ones are skipped). */
export function pairsOf(microsteps: string[][]): string[] {
  const taken = takenMicrosteps(microsteps);
  const pairs: string[] = [];
  for (let i = 1; i < taken.length; i++) {
    for (const first of taken[i - 1]!) for (const second of taken[i]!) pairs.push(pairKey(first, second));
  }
  return pairs;
}

/** The microsteps a path takes, as the model expects them (its start's, then each step's). */
export function expectedMicrosteps(model: Model, path: Path): string[][] {
  return [...model.initialMicrosteps, ...path.steps.flatMap((step) => step.microsteps ?? [])];
}

function effective(node: AnyStateNode): AnyStateNode {
  return node.type === 'history' && node.parent ? node.parent : node;
}

function isAncestorOrSelf(ancestor: AnyStateNode, node: AnyStateNode): boolean {
  for (let at: AnyStateNode | undefined = node; at; at = at.parent) if (at === ancestor) return true;
  return false;
}

/** Whether two states can be active together: one contains the other, or they lie in parallel regions. */
function compatible(a: AnyStateNode, b: AnyStateNode): boolean {
  if (isAncestorOrSelf(a, b) || isAncestorOrSelf(b, a)) return true;
  // Neither contains the other, so neither is the root: their nearest common ancestor is a proper one.
  let common = a.parent!;
  while (!isAncestorOrSelf(common, b)) common = common.parent!;
  return common.type === 'parallel';
}

/** Whether t2's source may be active right after t1, by the machine's structure alone. */
export function structurallyConsecutive(t1: AnyTransitionDefinition, t2: AnyTransitionDefinition): boolean {
  const after = t1.target?.length ? t1.target.map(effective) : [t1.source];
  return after.some((node) => compatible(node, t2.source));
}

export interface FeasiblePair {
  key: string;
  first: string;
  second: string;
  /** A path that takes the pair. */
  witness: Path;
}

export interface InfeasiblePair {
  key: string;
  first: string;
  second: string;
  reason: string;
}

export interface PairAnalysis {
  candidates: number;
  feasible: Map<string, FeasiblePair>;
  infeasible: InfeasiblePair[];
}

/**
 * The sets of transitions that can be the last ones taken when a state is reached, with a path to each, and
 * the child actors that path has seen finish (the state key does not tell a finished child from a running one,
 * and a finished child sends nothing more until it is started again).
 */
interface Arrival {
  last: string[];
  prefix: Step[];
  finished: string[];
}

/** The child actor an event comes from (its done, error or snapshot event), if any. */
function childOf(event: { type: string }): string | undefined {
  for (const prefix of [DONE_ACTOR, ERROR_ACTOR, SNAPSHOT_ACTOR]) {
    if (event.type.startsWith(prefix)) return event.type.slice(prefix.length);
  }
  return undefined;
}

/** The finished children after a step: its own child if it finished, minus the children it started again. */
function finishedAfter(finished: string[], before: AnyMachineSnapshot, step: Step): string[] {
  const children = (s: AnyMachineSnapshot) => s.children as Record<string, unknown>;
  const still = finished.filter((id) => children(step.state)[id] === children(before)[id]);
  const own = step.event.type.startsWith(SNAPSHOT_ACTOR) ? undefined : childOf(step.event);
  return own && !still.includes(own) ? [...still, own] : still;
}

/** The children seen finishing along a path, from its start. */
export function finishedAlong(model: Model, steps: Step[]): string[] {
  let finished: string[] = [];
  let before = model.nodes.get(model.initialKey)!.snapshot;
  for (const step of steps) {
    finished = finishedAfter(finished, before, step);
    before = step.state;
  }
  return finished;
}

/** Whether an edge's event can come now: not from a child that has finished. */
function canCome(event: { type: string }, finished: string[]): boolean {
  const child = childOf(event);
  return !finished.some((id) => id === child);
}

function arrivals(model: Model): Map<string, Map<string, Arrival>> {
  const byNode = new Map<string, Map<string, Arrival>>([...model.nodes.keys()].map((key) => [key, new Map()]));
  // The first arrival of each kind stays: its path is the shortest the breadth-first order found.
  const add = (key: string, arrival: Arrival) => {
    const at = byNode.get(key)!;
    const id = JSON.stringify([arrival.last, arrival.finished]);
    if (!at.has(id)) at.set(id, arrival);
  };
  const start = takenMicrosteps(model.initialMicrosteps).at(-1);
  if (start) add(model.initialKey, { last: start, prefix: [], finished: [] });
  for (const node of model.nodes.values()) {
    const finished = finishedAlong(model, node.route);
    for (const edge of node.edges) {
      const last = takenMicrosteps(edge.microsteps).at(-1);
      if (!last || !canCome(edge.event, finished)) continue;
      const step = stepOf(edge);
      add(edge.to, { last, prefix: [...node.route, step], finished: finishedAfter(finished, node.snapshot, step) });
    }
  }
  // An edge that takes no transition (an event whose guards all fail) brings nothing: XState leaves the snapshot
  // as it was, so it leads back to its own state, and at most adds a finished child, which only forbids pairs.
  return byNode;
}

function labelOf(labels: Map<string, string>, key: string): string {
  return labels.get(key) ?? key;
}

/** The feasible pairs the traversal takes, and every other structural candidate with why it cannot happen. */
export function analysePairs(
  options: PathTestOptions<AnyStateMachine>,
  models: Model[],
  labels: Map<string, string>,
): PairAnalysis {
  const feasible = new Map<string, FeasiblePair>();
  const record = (microsteps: string[][], witness: () => Path) => {
    for (const key of pairsOf(microsteps)) {
      if (feasible.has(key)) continue;
      const [first, second] = key.split(PAIR_SEPARATOR) as [string, string];
      feasible.set(key, { key, first, second, witness: witness() });
    }
  };
  // Per transition: the states right after it (it was the last transition before them), and what followed it
  // within the same macrostep.
  const after = new Map<string, Set<ModelNode>>();
  const followedBy = new Map<string, Set<string>>();
  const taken = new Set<string>();
  const within = (microsteps: string[][]) => {
    const steps = takenMicrosteps(microsteps);
    steps.forEach((step, i) => {
      for (const key of step) {
        taken.add(key);
        const next = steps[i + 1];
        if (next) for (const n of next) (followedBy.get(key) ?? followedBy.set(key, new Set()).get(key)!).add(n);
      }
    });
  };
  for (const model of models) {
    within(model.initialMicrosteps);
    record(model.initialMicrosteps, () => ({ input: model.input, steps: [] }));
    const byNode = arrivals(model);
    for (const node of model.nodes.values()) {
      for (const arrival of byNode.get(node.key)!.values()) {
        for (const key of arrival.last) (after.get(key) ?? after.set(key, new Set()).get(key)!).add(node);
      }
      for (const edge of node.edges) {
        within(edge.microsteps);
        record(edge.microsteps, () => ({ input: model.input, steps: [...node.route, stepOf(edge)] }));
        const first = takenMicrosteps(edge.microsteps)[0];
        if (!first) continue;
        for (const arrival of byNode.get(node.key)!.values()) {
          if (!canCome(edge.event, arrival.finished)) continue;
          record([arrival.last, first], () => ({ input: model.input, steps: [...arrival.prefix, stepOf(edge)] }));
        }
      }
    }
  }

  const transitions = allTransitions(options.machine);
  const infeasible: InfeasiblePair[] = [];
  let candidates = 0;
  for (const t1 of transitions) {
    for (const t2 of transitions) {
      if (!structurallyConsecutive(t1, t2)) continue;
      candidates += 1;
      const [first, second] = [transitionKey(t1), transitionKey(t2)];
      const key = pairKey(first, second);
      if (feasible.has(key)) continue;
      infeasible.push({ key, first, second, reason: whyNot(options, t1, t2, taken, after, followedBy, labels) });
    }
  }
  // A pair the traversal takes is a candidate by construction; keep only candidates, to count them honestly.
  return { candidates, feasible, infeasible };
}

function whyNot(
  options: PathTestOptions<AnyStateMachine>,
  t1: AnyTransitionDefinition,
  t2: AnyTransitionDefinition,
  taken: Set<string>,
  after: Map<string, Set<ModelNode>>,
  followedBy: Map<string, Set<string>>,
  labels: Map<string, string>,
): string {
  const first = transitionKey(t1);
  if (!taken.has(first)) return 'the first transition is never taken in the traversal';
  const states = [...(after.get(first) ?? [])];
  if (states.length === 0) {
    const next = [...(followedBy.get(first) ?? [])].map((key) => labelOf(labels, key));
    return `the first transition is always followed, in the same step, by ${next.join(' or ')}`;
  }
  const ended = t1.eventType.startsWith(SNAPSHOT_ACTOR) ? undefined : childOf({ type: t1.eventType });
  if (ended !== undefined && childOf({ type: t2.eventType }) === ended) {
    return `the first transition ends the child actor '${ended}', which sends nothing more until it is started again`;
  }
  const source = t2.source;
  const active = states.filter((node) => activeNodes(node.snapshot).includes(source));
  const n = (count: number) => `${count} reachable state${count === 1 ? '' : 's'}`;
  if (active.length === 0) return `${source.id} is never active right after the first (${n(states.length)} after it)`;
  const guard = guardName(t2);
  const where = `in the ${n(active.length)} right after the first where ${source.id} is active`;
  // At rest, no eventless transition of an active state is enabled: this one has a guard, and it was false.
  if (t2.eventType === '')
    return `no event lets it fire ${where} (guard [${guard}] false, or an earlier candidate wins)`;
  const offered = active.filter((node) =>
    offeredEvents(node.snapshot as AnyMachineSnapshot, options).some((event) => event.type === t2.eventType),
  );
  if (offered.length === 0) return `no sample '${t2.eventType}' event is offered ${where}`;
  return `no sample '${t2.eventType}' event makes it fire ${where}${guard ? ` (guard [${guard}] false, or an earlier candidate wins)` : ' (an earlier candidate wins)'}`;
}

/**
 * Paths that take the feasible pairs the given paths do not: one per uncovered pair's witness, each then
 * extended, edge by edge, while the next edge takes another uncovered pair (so one path covers several).
 */
export function pairPaths(models: Model[], analysis: PairAnalysis, covered: Set<string>): Path[] {
  const uncovered = new Set([...analysis.feasible.keys()].filter((key) => !covered.has(key)));
  const paths: Path[] = [];
  const modelOf = (path: Path) => models.find((model) => model.input === path.input)!;
  for (const key of analysis.feasible.keys()) {
    if (!uncovered.has(key)) continue;
    const witness = analysis.feasible.get(key)!.witness;
    const model = modelOf(witness);
    const steps = [...witness.steps];
    const gain = (candidate: Step[]) =>
      pairsOf(expectedMicrosteps(model, { input: model.input, steps: candidate })).filter((p) => uncovered.has(p));
    // The witness takes its own pair, and maybe others still uncovered.
    for (const pair of gain(steps)) uncovered.delete(pair);
    // Extend while some edge out of the end takes an uncovered pair.
    for (let extra = 0; extra < 50; extra++) {
      const end = steps.length ? model.serialize(steps.at(-1)!.state) : model.initialKey;
      // Every state a step reaches is a node: xstate/graph keeps even those where stopWhen holds.
      const node = model.nodes.get(end)!;
      let best: { step: Step; pairs: string[] } | undefined;
      const finished = finishedAlong(model, steps);
      for (const edge of node.edges) {
        if (!canCome(edge.event, finished)) continue;
        const step = stepOf(edge);
        const pairs = gain([...steps, step]);
        if (pairs.length > (best?.pairs.length ?? 0)) best = { step, pairs };
      }
      if (!best) break;
      steps.push(best.step);
      for (const pair of best.pairs) uncovered.delete(pair);
    }
    paths.push({ input: model.input, steps });
  }
  return paths;
}
