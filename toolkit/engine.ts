/**
 * The model-based engine, shared by the machine-level suite (vitest) and the browser suite (Playwright):
 * it knows no test runner. Paths are generated from a real machine with xstate/graph.
 *
 * 1. Traverse the machine (pure transitions) with every event type each state handles: the sample
 *    events a test gives, the done/error events of its invoked actors (sample outputs and errors), and
 *    its delays; `xstate/graph` builds the adjacency map.
 * 2. For every edge of that map, a path: the shortest way to the edge's source, then the edge.
 * 3. Replay each path on a live actor: invoked actors are replaced by deferred promises the test
 *    resolves or rejects, delays run on a fake clock. After each step the live snapshot must equal the
 *    model's, and the caller's `check` runs.
 * 4. The transitions the live actors took (from the inspector's microsteps) must be every transition
 *    the machine defines; a missed one fails the suite by name.
 */
import assert from 'node:assert/strict';
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  createActor,
  type EventFromLogic,
  type EventObject,
  fromPromise,
  type InputFrom,
  SimulatedClock,
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

export function defaultSerialize(snapshot: AnyMachineSnapshot): string {
  return JSON.stringify({ value: snapshot.value, context: snapshot.context }, (_key, value: unknown) =>
    value instanceof Error ? `Error(${value.message})` : value,
  );
}

function activeNodes(snapshot: AnyMachineSnapshot): AnyStateNode[] {
  return (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes;
}

function eventsFor(snapshot: AnyMachineSnapshot, options: PathTestOptions<AnyStateMachine>): EventObject[] {
  const types = new Set(activeNodes(snapshot).flatMap((node) => [...node.transitions.keys()]));
  const events: EventObject[] = [];
  for (const type of types) {
    if (type.startsWith(DONE_STATE) || type === '*') continue; // raised by the machine itself
    if (type.startsWith(DONE_ACTOR)) {
      const id = type.slice(DONE_ACTOR.length);
      for (const output of options.outputs?.[id] ?? [undefined]) events.push({ type, output } as EventObject);
    } else if (type.startsWith(ERROR_ACTOR)) {
      const id = type.slice(ERROR_ACTOR.length);
      for (const error of options.errors?.[id] ?? [new Error('failed')]) events.push({ type, error } as EventObject);
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

interface Deferred {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Replays one path on a live actor; returns the keys of the transitions it took. */
export async function replay(options: PathTestOptions<AnyStateMachine>, path: Path): Promise<string[]> {
  const serialize = (options.serializeState ?? defaultSerialize) as (s: AnyMachineSnapshot) => string;
  const pending = new Map<string, Deferred>();
  const controllable = Object.fromEntries(
    Object.keys(options.machine.implementations.actors).map((name) => [
      name,
      fromPromise(({ self }) => new Promise((resolve, reject) => pending.set(self.id, { resolve, reject }))),
    ]),
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
        const deferred = pending.get(id);
        assert.ok(deferred, `${where}: actor '${id}' is running`);
        if (done) deferred.resolve((event as { output?: unknown }).output);
        else deferred.reject((event as { error?: unknown }).error);
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
