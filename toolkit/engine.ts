/**
 * The model-based engine, shared by the machine-level suite (vitest) and the browser suite (Playwright):
 * it knows no test runner. Paths are generated from a real machine with xstate/graph.
 *
 * 1. Traverse the machine (pure transitions) with every event type each state handles: the sample
 *    events a test gives, the done/error events of its running child actors (sample outputs and errors),
 *    the snapshots they pass on to it (sample snapshots, for invokes with `onSnapshot`), and its delays;
 *    `xstate/graph` builds the adjacency map.
 * 2. For every edge of that map, a path: the shortest way to the edge's source, then the edge.
 * 3. Replay each path on a live actor (replay.ts): child actors are replaced by stand-ins the test makes finish,
 *    fail or pass on a snapshot, delays run on a fake clock. After each step the live snapshot must equal the
 *    model's, and the caller's `check` runs.
 * 4. The transitions the live actors took (from the inspector's microsteps) must be every transition
 *    the machine defines; a missed one fails the suite by name.
 */
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  createEmptyActor,
  type EventFromLogic,
  type EventObject,
  type InputFrom,
  type SnapshotFrom,
} from 'xstate';
import { getAdjacencyMap } from 'xstate/graph';
import { transitionKey } from './transitions';

export interface PathTestOptions<M extends AnyStateMachine> {
  machine: M;
  /** Each input starts a traversal of its own (for machines whose start depends on input). */
  inputs?: InputFrom<M>[];
  /** Sample events for the machine's own event types; a type with no sample is sent bare. */
  events: EventFromLogic<M>[];
  /** Sample outputs of invoked actors, by invoke id (each gives an 'xstate.done.actor.<id>' edge). */
  outputs?: Record<string, unknown[]>;
  /** Sample errors of invoked actors, by invoke id (each gives an 'xstate.error.actor.<id>' edge). */
  errors?: Record<string, unknown[]>;
  /**
   * Sample snapshots of child actors whose invoke has `onSnapshot`, by invoke id (each gives an
   * 'xstate.snapshot.<id>' edge). A child with none passes none on.
   */
  snapshots?: Record<string, unknown[]>;
  /** How states are told apart; the default is the state value and the whole context. */
  serializeState?: (snapshot: SnapshotFrom<M>) => string;
  /** Which events a state offers; the browser suite leaves out those no person could cause there. */
  filterEvents?: (snapshot: SnapshotFrom<M>, event: EventFromLogic<M>) => boolean;
  /** Where the traversal stops going deeper (for machines whose context can grow without end). */
  stopWhen?: (snapshot: SnapshotFrom<M>) => boolean;
  /** Past this many distinct states the traversal throws (DEFAULT_MAX_STATES unless given). */
  maxStates?: number;
  /** Extra assertions on the live snapshot after every step. */
  check?: (snapshot: SnapshotFrom<M>) => void;
}

export interface Step {
  event: EventObject;
  state: AnyMachineSnapshot;
  /** The microsteps the model expects this step to take (transition keys), when the path came from a traversal. */
  microsteps?: string[][];
}

export interface Path {
  input: unknown;
  steps: Step[];
}

export const DONE_ACTOR = 'xstate.done.actor.';
export const ERROR_ACTOR = 'xstate.error.actor.';
export const DONE_STATE = 'xstate.done.state.';
export const AFTER = 'xstate.after.';
export const SNAPSHOT_ACTOR = 'xstate.snapshot.';

/** The state value, the whole context and which child actors there are (a spawned one makes a difference). */
export function defaultSerialize(snapshot: AnyMachineSnapshot): string {
  const children = Object.keys(snapshot.children as Record<string, unknown>).sort();
  return JSON.stringify({ value: snapshot.value, context: snapshot.context, children }, (_key, value: unknown) =>
    value instanceof Error ? `Error(${value.message})` : value,
  );
}

export function activeNodes(snapshot: AnyMachineSnapshot): AnyStateNode[] {
  return (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes;
}

/** Whether a child actor with this id is there (invoked by an active state, or spawned) to send the event. */
function hasChild(snapshot: AnyMachineSnapshot, id: string): boolean {
  return (snapshot.children as Record<string, unknown>)[id] !== undefined;
}

/** A delay in ms as XState resolves it: a number, or a named delay (a number, or computed from the context). */
function delayOf(snapshot: AnyMachineSnapshot, delay: unknown): number {
  const named = typeof delay === 'string' ? (snapshot.machine.implementations.delays[delay] as unknown) : delay;
  // The model does not know the event that entered the state, only the context.
  const resolved =
    typeof named === 'function' ? (named as (args: object) => unknown)({ context: snapshot.context }) : named;
  return Number(resolved);
}

/**
 * The delayed events the active states wait for, minus those that cannot fire: a shorter timer of the same
 * states fires first, and when its transition is taken (its guard passes) the longer one is cancelled. The
 * model takes every timer of the active states to have started together (docs/testing.md).
 */
function reachableTimers(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, types: string[]): Set<string> {
  if (types.length < 2) return new Set(types);
  const delays = new Map(
    activeNodes(snapshot).flatMap((node) => node.after.map((t) => [t.eventType, delayOf(snapshot, t.delay)] as const)),
  );
  const earlier = (other: string, type: string) => delays.get(other)! < delays.get(type)!;
  const wins = (other: string) => takenMicrosteps(pureStep(machine, snapshot, { type: other }).microsteps).length > 0;
  return new Set(types.filter((type) => !types.some((other) => earlier(other, type) && wins(other))));
}

function eventsFor(snapshot: AnyMachineSnapshot, options: PathTestOptions<AnyStateMachine>): EventObject[] {
  const types = new Set(activeNodes(snapshot).flatMap((node) => [...node.transitions.keys()]));
  const timers = [...types].filter((type) => type.startsWith(AFTER));
  const reachable = reachableTimers(options.machine, snapshot, timers);
  const events: EventObject[] = [];
  for (const type of types) {
    if (type.startsWith(DONE_STATE) || type === '*') continue; // raised by the machine itself
    if (type.startsWith(AFTER) && !reachable.has(type)) continue;
    if (type.startsWith(DONE_ACTOR)) {
      const id = type.slice(DONE_ACTOR.length);
      if (!hasChild(snapshot, id)) continue;
      for (const output of options.outputs?.[id] ?? [undefined]) events.push({ type, output } as EventObject);
    } else if (type.startsWith(ERROR_ACTOR)) {
      const id = type.slice(ERROR_ACTOR.length);
      if (!hasChild(snapshot, id)) continue;
      for (const error of options.errors?.[id] ?? [new Error('failed')]) events.push({ type, error } as EventObject);
    } else if (type.startsWith(SNAPSHOT_ACTOR)) {
      const id = type.slice(SNAPSHOT_ACTOR.length);
      if (!hasChild(snapshot, id)) continue;
      for (const sample of options.snapshots?.[id] ?? []) events.push({ type, snapshot: sample } as EventObject);
    } else {
      const samples = options.events.filter((event) => event.type === type);
      events.push(...(samples.length ? samples : [{ type }]));
    }
  }
  return events;
}

/** Collects what a pure transition did: its microsteps (transition keys each) and the actions it executed. */
export interface PureStep {
  snapshot: AnyMachineSnapshot;
  /** Every microstep, in order, as the keys of the transitions it took ([] for an event nothing handled). */
  microsteps: string[][];
  /** The actions XState handed over for execution (custom actions, raise, sendTo, spawn, stop, ...). */
  actions: string[];
}

/**
 * The most microsteps one step may take. An eventless transition whose guard stays true while its actions change
 * the context loops without end inside XState; the largest machine in machines/ takes 4 in one step.
 */
export const MAX_MICROSTEPS = 1000;

/** A step past MAX_MICROSTEPS. */
class EndlessStep extends Error {}

/**
 * An actor scope for pure transitions (like xstate/graph's own), whose system reports every microstep and
 * whose action executor records, without running, every action. Past MAX_MICROSTEPS it throws, naming
 * `where` (the machine, the event and the state).
 */
function recordingScope(microsteps: string[][], actions: string[], where: () => string): unknown {
  const self = createEmptyActor();
  const system = Object.create(self.system as object) as Record<string, unknown>;
  system._sendInspectionEvent = (inspection: { type: string; _transitions?: AnyTransitionDefinition[] }) => {
    if (inspection.type !== '@xstate.microstep') return;
    const keys = (inspection._transitions ?? []).map(transitionKey);
    microsteps.push(keys);
    if (microsteps.length > MAX_MICROSTEPS)
      throw new EndlessStep(
        `${where()} took more than ${MAX_MICROSTEPS} microsteps, the last ${keys.join(', ')}. An eventless ` +
          'transition whose guard stays true while its actions change the context never ends.',
      );
  };
  return {
    self,
    logger: () => {},
    id: '',
    sessionId: 'toolkit',
    defer: () => {},
    system,
    stopChild: () => actions.push('xstate.stopChild'),
    emit: () => actions.push('xstate.emit'),
    actionExecutor: (action: { type: string }) => actions.push(action.type),
  };
}

/** The machine's start, computed purely: the initial snapshot and its eventless microsteps. */
export function pureStart(machine: AnyStateMachine, input: unknown): PureStep {
  const microsteps: string[][] = [];
  const actions: string[] = [];
  const scope = recordingScope(microsteps, actions, () => `${machine.id}: the start`);
  const snapshot = machine.getInitialSnapshot(scope as never, input);
  // XState turns an error of the start into the snapshot's; this one is the toolkit's, not the machine's.
  if (snapshot.error instanceof EndlessStep) throw snapshot.error;
  return { snapshot, microsteps, actions };
}

/** One macrostep, computed purely (nothing runs): the next snapshot, its microsteps and the actions it asked for. */
export function pureStep(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject): PureStep {
  const microsteps: string[][] = [];
  const actions: string[] = [];
  const where = () => `${machine.id}: '${event.type}' in state ${JSON.stringify(snapshot.value)}`;
  const next = machine.transition(snapshot, event, recordingScope(microsteps, actions, where) as never);
  return { snapshot: next, microsteps, actions };
}

/** The microsteps that took at least one transition. */
export function takenMicrosteps(microsteps: string[][]): string[][] {
  return microsteps.filter((step) => step.length > 0);
}

/** An edge of the traversal: from a reachable state, one offered event, to the state it leads to. */
export interface ModelEdge {
  from: string;
  to: string;
  event: EventObject;
  state: AnyMachineSnapshot;
  /** The microsteps the edge takes (transition keys), as a pure transition computes them. */
  microsteps: string[][];
}

export interface ModelNode {
  key: string;
  snapshot: AnyMachineSnapshot;
  /** The shortest sequence of steps from the start to this state. */
  route: Step[];
  /** Its outgoing edges, in the order the adjacency map lists them. */
  edges: ModelEdge[];
}

/** What the traversal saw from one input: every reachable state (by its serialised key) and every edge. */
export interface Model {
  input: unknown;
  initialKey: string;
  /** The eventless microsteps taken on starting. */
  initialMicrosteps: string[][];
  /** Reachable states in breadth-first order (the initial state first). */
  nodes: Map<string, ModelNode>;
  serialize: (snapshot: AnyMachineSnapshot) => string;
}

/** The events a state offers in the traversal: those it handles, as eventsFor finds them, minus the filtered. */
export function offeredEvents(snapshot: AnyMachineSnapshot, options: PathTestOptions<AnyStateMachine>): EventObject[] {
  return eventsFor(snapshot, options).filter(
    (event) => !options.filterEvents || options.filterEvents(snapshot as never, event as never),
  );
}

/** The traversal stops past this many distinct states; the largest machine in machines/, passkeys, has 406. */
export const DEFAULT_MAX_STATES = 10_000;

type Adjacency = Record<
  string,
  { state: AnyMachineSnapshot; transitions: Record<string, { event: EventObject; state: unknown }> }
>;

function tooManyStates(machine: AnyStateMachine, maxStates: number, input: unknown, snapshot: AnyMachineSnapshot) {
  const context = JSON.stringify(snapshot.context);
  return new Error(
    `${machine.id}: the traversal passed ${maxStates} distinct states (input ${JSON.stringify(input)}) and goes on, ` +
      `in state ${JSON.stringify(snapshot.value)} with context ` +
      `${context.length > 300 ? `${context.slice(0, 297)}...` : context}. Something in the context changes with ` +
      'every step: give stopWhen, a serializeState that leaves it out, or a larger maxStates ' +
      `(by default ${DEFAULT_MAX_STATES}; the largest machine in machines/, passkeys, has 406).`,
  );
}

/**
 * xstate/graph's adjacency map from one input. Every step is a pure step of the toolkit's, so that an endless
 * eventless loop throws (MAX_MICROSTEPS); past maxStates distinct states it throws too, since a context that
 * changes with every step would otherwise fill the memory.
 */
function adjacencyFrom(options: PathTestOptions<AnyStateMachine>, input: unknown): Adjacency {
  const { machine, maxStates = DEFAULT_MAX_STATES } = options;
  const serialize = (options.serializeState ?? defaultSerialize) as (s: AnyMachineSnapshot) => string;
  const bounded = Object.assign(Object.create(machine) as AnyStateMachine, {
    getInitialSnapshot: (_scope: unknown, start: unknown) => pureStart(machine, start).snapshot,
    transition: (snapshot: AnyMachineSnapshot, event: EventObject) => pureStep(machine, snapshot, event).snapshot,
  });
  let states = 0;
  const eventsOf = (snapshot: AnyMachineSnapshot) => {
    if (++states > maxStates) throw tooManyStates(machine, maxStates, input, snapshot);
    return offeredEvents(snapshot, options);
  };
  return getAdjacencyMap(bounded, {
    input,
    serializeState: (snapshot) => serialize(snapshot as AnyMachineSnapshot),
    events: (snapshot) => eventsOf(snapshot as AnyMachineSnapshot),
    stopWhen: options.stopWhen as ((s: unknown) => boolean) | undefined,
  }) as unknown as Adjacency;
}

/** Traverses the machine (xstate/graph's adjacency map) once per input, keeping each edge's microsteps. */
export function exploreModel(options: PathTestOptions<AnyStateMachine>): Model[] {
  const serialize = (options.serializeState ?? defaultSerialize) as (s: AnyMachineSnapshot) => string;
  const models: Model[] = [];
  for (const input of options.inputs ?? [undefined]) {
    const adjacency = adjacencyFrom(options, input);
    const [initialKey] = Object.keys(adjacency);
    if (initialKey === undefined) continue;
    const nodes = new Map<string, ModelNode>();
    const visit = (key: string, route: Step[]) => {
      const { state, transitions } = adjacency[key]!;
      const edges = Object.values(transitions).map(({ event, state: next }): ModelEdge => {
        const microsteps = pureStep(options.machine, state, event).microsteps;
        return {
          from: key,
          to: serialize(next as AnyMachineSnapshot),
          event,
          state: next as AnyMachineSnapshot,
          microsteps,
        };
      });
      nodes.set(key, { key, snapshot: state, route, edges });
    };
    // Breadth-first: the shortest sequence of steps that reaches each state.
    visit(initialKey, []);
    const queue = [initialKey];
    while (queue.length) {
      const node = nodes.get(queue.shift()!)!;
      for (const edge of node.edges) {
        if (nodes.has(edge.to) || !adjacency[edge.to]) continue;
        visit(edge.to, [...node.route, stepOf(edge)]);
        queue.push(edge.to);
      }
    }
    const initialMicrosteps = pureStart(options.machine, input).microsteps;
    models.push({ input, initialKey, initialMicrosteps, nodes, serialize });
  }
  return models;
}

/** The step a path takes along an edge (it carries the edge's microsteps, for the pair coverage). */
export function stepOf(edge: ModelEdge): Step {
  return { event: edge.event, state: edge.state, microsteps: edge.microsteps };
}

/** One path per edge of the adjacency map: the shortest way to the edge's source, then the edge. */
export function generatePaths(options: PathTestOptions<AnyStateMachine>, models = exploreModel(options)): Path[] {
  const paths: Path[] = [];
  for (const model of models) {
    // Starting alone takes the initial eventless transitions, which may lead where no edge goes.
    paths.push({ input: model.input, steps: [] });
    for (const node of model.nodes.values()) {
      for (const edge of node.edges) paths.push({ input: model.input, steps: [...node.route, stepOf(edge)] });
    }
  }
  return paths;
}
