/**
 * Sneak paths: in every reachable state of the traversal, every event the machine knows but that state does
 * not handle is sent (computed purely, nothing runs), and must change nothing: the same state value, status
 * and context (deep equal), no transition taken, no action handed over for execution, the same child actors.
 *
 * The events the machine knows are the event types any of its states handles (its own events, with the
 * suite's samples, or bare), plus, in a state with running child actors, the done and error events of those
 * children that the state does not handle, when they can happen: the machine handles that child's done (or
 * error) event in some state, or the suite gives sample outputs (or errors) for it. Such a child can finish or
 * fail at any moment while it runs, and an unhandled error event puts the whole machine in error.
 *
 * Only active snapshots are checked: an actor that is done (or failed, or stopped) processes no more events.
 */
import { isDeepStrictEqual } from 'node:util';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import {
  activeNodes,
  AFTER,
  DONE_ACTOR,
  DONE_STATE,
  ERROR_ACTOR,
  type Model,
  type PathTestOptions,
  pureStep,
  SNAPSHOT_ACTOR,
  type Step,
} from './engine';
import { allStateNodes } from './transitions';

export interface SneakFailure {
  input: unknown;
  /** The route to the state. */
  route: Step[];
  state: string;
  event: EventObject;
  /** What changed, for a person. */
  changes: string[];
}

export interface SneakResult {
  /** How many (state, event) checks were made. */
  checked: number;
  failures: SneakFailure[];
}

/** Whether an event descriptor ('a.b', 'a.*', '*') matches an event type. */
function matches(descriptor: string, type: string): boolean {
  if (descriptor === type || descriptor === '*') return true;
  return descriptor.endsWith('.*') && type.startsWith(descriptor.slice(0, -1));
}

/** The event types the machine's states handle, that someone outside the machine could send. */
export function knownEventTypes(machine: AnyStateMachine): string[] {
  const types = new Set<string>();
  for (const node of allStateNodes(machine.root)) {
    for (const type of node.transitions.keys()) {
      if (type === '*' || type.endsWith('.*')) continue;
      if ([DONE_STATE, DONE_ACTOR, ERROR_ACTOR, SNAPSHOT_ACTOR, AFTER].some((prefix) => type.startsWith(prefix)))
        continue;
      types.add(type);
    }
  }
  return [...types].sort();
}

function handles(snapshot: AnyMachineSnapshot, type: string): boolean {
  return activeNodes(snapshot).some((node) => [...node.transitions.keys()].some((d) => matches(d, type)));
}

/** The done and error event types of child actors that the machine handles somewhere. */
function handledActorEventTypes(machine: AnyStateMachine): Set<string> {
  const types = new Set<string>();
  for (const node of allStateNodes(machine.root)) {
    for (const type of node.transitions.keys()) {
      if (type.startsWith(DONE_ACTOR) || type.startsWith(ERROR_ACTOR)) types.add(type);
    }
  }
  return types;
}

function unhandledEvents(
  snapshot: AnyMachineSnapshot,
  options: PathTestOptions<AnyStateMachine>,
  known: string[],
  actorEvents: Set<string>,
): EventObject[] {
  const events: EventObject[] = [];
  for (const type of known) {
    if (handles(snapshot, type)) continue;
    const samples = options.events.filter((event) => event.type === type);
    events.push(...(samples.length ? samples : [{ type }]));
  }
  for (const id of Object.keys(snapshot.children as Record<string, unknown>).sort()) {
    const [done, error] = [DONE_ACTOR + id, ERROR_ACTOR + id];
    if ((actorEvents.has(done) || options.outputs?.[id]) && !handles(snapshot, done)) {
      for (const output of options.outputs?.[id] ?? [undefined])
        events.push({ type: DONE_ACTOR + id, output } as EventObject);
    }
    if ((actorEvents.has(error) || options.errors?.[id]) && !handles(snapshot, error)) {
      for (const error of options.errors?.[id] ?? [new Error('failed')])
        events.push({ type: ERROR_ACTOR + id, error } as EventObject);
    }
  }
  return events;
}

function changesOf(
  before: AnyMachineSnapshot,
  after: AnyMachineSnapshot,
  microsteps: string[][],
  actions: string[],
): string[] {
  const changes: string[] = [];
  if (!isDeepStrictEqual(before.value, after.value)) {
    changes.push(`state ${JSON.stringify(before.value)} → ${JSON.stringify(after.value)}`);
  }
  if (before.status !== after.status) changes.push(`status ${before.status} → ${after.status}`);
  if (!isDeepStrictEqual(before.context, after.context)) changes.push('context changed');
  const taken = microsteps.flat();
  if (taken.length > 0) changes.push(`took ${taken.join(', ')}`);
  if (actions.length > 0) changes.push(`executed ${actions.join(', ')}`);
  const children = (s: AnyMachineSnapshot) => s.children as Record<string, unknown>;
  const ids = new Set([...Object.keys(children(before)), ...Object.keys(children(after))]);
  for (const id of ids) {
    if (children(before)[id] !== children(after)[id]) {
      changes.push(
        children(before)[id] === undefined
          ? `started ${id}`
          : children(after)[id] === undefined
            ? `stopped ${id}`
            : `replaced ${id}`,
      );
    }
  }
  return changes;
}

/** Sends every unhandled known event in every reachable state of the models; each must change nothing. */
export function checkSneakPaths(options: PathTestOptions<AnyStateMachine>, models: Model[]): SneakResult {
  const known = knownEventTypes(options.machine);
  const actorEvents = handledActorEventTypes(options.machine);
  const result: SneakResult = { checked: 0, failures: [] };
  for (const model of models) {
    for (const node of model.nodes.values()) {
      if (node.snapshot.status !== 'active') continue;
      for (const event of unhandledEvents(node.snapshot, options, known, actorEvents)) {
        result.checked += 1;
        const { snapshot, microsteps, actions } = pureStep(options.machine, node.snapshot, event);
        const changes = changesOf(node.snapshot, snapshot, microsteps, actions);
        if (changes.length > 0) {
          result.failures.push({ input: model.input, route: node.route, state: node.key, event, changes });
        }
      }
    }
  }
  return result;
}
