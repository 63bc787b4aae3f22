/**
 * The model-based engine, shared by the machine-level suite (vitest) and the browser suite (Playwright):
 * it knows no test runner. Paths are generated from a real machine with xstate/graph.
 *
 * 1. Traverse the machine (pure transitions) with every event type each state handles: the sample
 *    events a test gives, the done/error events of its running child actors (sample outputs and errors),
 *    the snapshots they pass on to it (sample snapshots, for invokes with `onSnapshot`), and its delays;
 *    `xstate/graph` builds the adjacency map.
 * 2. For every edge of that map, a path: the shortest way to the edge's source, then the edge.
 * 3. Replay each path on a live actor: child actors are replaced by stand-ins the test makes finish,
 *    fail or pass on a snapshot, delays run on a fake clock. After each step the live snapshot must equal the
 *    model's, and the caller's `check` runs.
 * 4. The transitions the live actors took (from the inspector's microsteps) must be every transition
 *    the machine defines; a missed one fails the suite by name.
 */
import assert from 'node:assert/strict';
import {
  type ActorLogic,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  createActor,
  type EventFromLogic,
  type EventObject,
  type InputFrom,
  SimulatedClock,
  type Snapshot,
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
  /** Extra assertions on the live snapshot after every step. */
  check?: (snapshot: SnapshotFrom<M>) => void;
}

export interface Step {
  event: EventObject;
  state: AnyMachineSnapshot;
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

function activeNodes(snapshot: AnyMachineSnapshot): AnyStateNode[] {
  return (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes;
}

/** Whether a child actor with this id is there (invoked by an active state, or spawned) to send the event. */
function hasChild(snapshot: AnyMachineSnapshot, id: string): boolean {
  return (snapshot.children as Record<string, unknown>)[id] !== undefined;
}

function eventsFor(snapshot: AnyMachineSnapshot, options: PathTestOptions<AnyStateMachine>): EventObject[] {
  const types = new Set(activeNodes(snapshot).flatMap((node) => [...node.transitions.keys()]));
  const events: EventObject[] = [];
  for (const type of types) {
    if (type.startsWith(DONE_STATE) || type === '*') continue; // raised by the machine itself
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

/** One path per edge of the adjacency map: the shortest way to the edge's source, then the edge. */
export function generatePaths(options: PathTestOptions<AnyStateMachine>): Path[] {
  const serialize = (options.serializeState ?? defaultSerialize) as (s: AnyMachineSnapshot) => string;
  const paths: Path[] = [];
  for (const input of options.inputs ?? [undefined]) {
    const adjacency = getAdjacencyMap(options.machine, {
      input,
      serializeState: (snapshot) => serialize(snapshot as AnyMachineSnapshot),
      events: (snapshot) =>
        eventsFor(snapshot as AnyMachineSnapshot, options).filter(
          (event) => !options.filterEvents || options.filterEvents(snapshot as never, event as never),
        ),
      stopWhen: options.stopWhen as ((s: unknown) => boolean) | undefined,
    }) as unknown as Record<string, { transitions: Record<string, { event: EventObject; state: unknown }> }>;
    const [initialKey] = Object.keys(adjacency);
    if (initialKey === undefined) continue;
    // Breadth-first: the shortest sequence of steps that reaches each state.
    const routes = new Map<string, Step[]>([[initialKey, []]]);
    const queue = [initialKey];
    while (queue.length) {
      const key = queue.shift()!;
      for (const { event, state } of Object.values(adjacency[key]!.transitions)) {
        const nextKey = serialize(state as AnyMachineSnapshot);
        if (routes.has(nextKey) || !adjacency[nextKey]) continue;
        routes.set(nextKey, [...routes.get(key)!, { event, state: state as AnyMachineSnapshot }]);
        queue.push(nextKey);
      }
    }
    // Starting alone takes the initial eventless transitions, which may lead where no edge goes.
    paths.push({ input, steps: [] });
    for (const [key, route] of routes) {
      for (const { event, state } of Object.values(adjacency[key]!.transitions)) {
        paths.push({ input, steps: [...route, { event, state: state as AnyMachineSnapshot }] });
      }
    }
  }
  return paths;
}

/** Moves the simulated clock to its earliest pending timer, which then fires. */
function advanceToNextTimer(clock: SimulatedClock): void {
  const { timeouts, _now: now } = clock as unknown as {
    timeouts: Map<number, { start: number; timeout: number }>;
    _now: number;
  };
  const due = Math.min(...[...timeouts.values()].map((t) => t.start + t.timeout));
  assert.ok(Number.isFinite(due), 'a timer is pending');
  clock.increment(due - now);
}

function flushPromises(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** What the test can make a stand-in do. */
interface StandIn {
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
  /** Pass this snapshot on, as the real child would (the parent receives 'xstate.snapshot.<id>'). */
  emit: (snapshot: unknown) => void;
}

const STAND_IN = {
  resolve: 'toolkit.standIn.resolve',
  reject: 'toolkit.standIn.reject',
  emit: 'toolkit.standIn.emit',
} as const;

type StandInSnapshot = Snapshot<unknown> & { input: unknown };

/**
 * The logic every child actor is replaced with in a replay: it does nothing until the test tells it to
 * finish, fail or take on a snapshot. A child whose snapshots its parent follows (`onSnapshot`) starts
 * with a status other than 'active', so that XState does not pass its first snapshot on: the model's
 * traversal never sees that one, every snapshot the parent gets is a step of the path.
 */
function standInLogic(register: (id: string, standIn: StandIn) => void): ActorLogic<StandInSnapshot, EventObject> {
  return {
    config: undefined,
    getInitialSnapshot: (scope, input) => ({
      status: (scope.self as unknown as { _syncSnapshot?: boolean })._syncSnapshot ? 'stopped' : 'active',
      output: undefined,
      error: undefined,
      input,
    }),
    start: (_snapshot, { self }) => {
      register(self.id, {
        resolve: (output) => self.send({ type: STAND_IN.resolve, output } as EventObject),
        reject: (error) => self.send({ type: STAND_IN.reject, error } as EventObject),
        emit: (snapshot) => self.send({ type: STAND_IN.emit, snapshot } as EventObject),
      });
    },
    transition: (snapshot, event) => {
      const data = event as EventObject & { output?: unknown; error?: unknown; snapshot?: unknown };
      if (snapshot.status === 'done' || snapshot.status === 'error') return snapshot;
      switch (event.type) {
        case STAND_IN.resolve:
          return { ...snapshot, status: 'done', output: data.output };
        case STAND_IN.reject:
          return { ...snapshot, status: 'error', error: data.error };
        case STAND_IN.emit:
          return data.snapshot as StandInSnapshot;
        case 'xstate.stop':
          return { ...snapshot, status: 'stopped' };
        default:
          return snapshot;
      }
    },
    getPersistedSnapshot: (snapshot) => snapshot,
  };
}

/** Replays one path on a live actor; returns the keys of the transitions it took. */
export async function replay(options: PathTestOptions<AnyStateMachine>, path: Path): Promise<string[]> {
  const serialize = (options.serializeState ?? defaultSerialize) as (s: AnyMachineSnapshot) => string;
  const pending = new Map<string, StandIn>();
  const standIn = standInLogic((id, control) => pending.set(id, control));
  const controllable = Object.fromEntries(
    Object.keys(options.machine.implementations.actors).map((name) => [name, standIn]),
  );
  const taken: string[] = [];
  const processed: string[] = [];
  // Delays run on a simulated clock: moving it is the only way time passes.
  const clock = new SimulatedClock();
  {
    const actor = createActor(options.machine.provide({ actors: controllable }), {
      input: path.input,
      clock,
      inspect: (inspection) => {
        // Only the machine's own microsteps (not its children's). This runs inside createActor too,
        // for the initial eventless transitions, so it cannot refer to `actor`.
        if (inspection.type !== '@xstate.microstep' || inspection.actorRef.sessionId !== inspection.rootId) return;
        processed.push(inspection.event.type);
        for (const transition of inspection._transitions) taken.push(transitionKey(transition));
      },
    });
    actor.start();
    for (const [index, step] of path.steps.entries()) {
      const { event } = step;
      const where = `step ${index + 1} (${event.type})`;
      if (event.type.startsWith(DONE_ACTOR) || event.type.startsWith(ERROR_ACTOR)) {
        const done = event.type.startsWith(DONE_ACTOR);
        const id = event.type.slice((done ? DONE_ACTOR : ERROR_ACTOR).length);
        const child = pending.get(id);
        assert.ok(child, `${where}: actor '${id}' is running`);
        if (done) child.resolve((event as { output?: unknown }).output);
        else child.reject((event as { error?: unknown }).error);
        await flushPromises();
      } else if (event.type.startsWith(SNAPSHOT_ACTOR)) {
        const id = event.type.slice(SNAPSHOT_ACTOR.length);
        const child = pending.get(id);
        assert.ok(child, `${where}: actor '${id}' is running`);
        child.emit((event as { snapshot?: unknown }).snapshot);
        await flushPromises();
      } else if (event.type.startsWith(AFTER)) {
        const before = processed.length;
        advanceToNextTimer(clock);
        await flushPromises();
        assert.ok(processed.slice(before).includes(event.type), `${where}: the next timer is this delay`);
      } else {
        actor.send(event);
        await flushPromises();
      }
      const snapshot = actor.getSnapshot();
      assert.equal(serialize(snapshot), serialize(step.state), where);
      options.check?.(snapshot);
    }
    actor.stop();
  }
  return taken;
}
