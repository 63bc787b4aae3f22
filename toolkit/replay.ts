/**
 * The replay of a generated path on a live actor (step 3 of toolkit/engine.ts): child actors are replaced by
 * stand-ins the test makes finish, fail or pass on a snapshot, and delays run on a simulated clock. After each
 * step the live snapshot must equal the model's, and the caller's `check` runs.
 */
import assert from 'node:assert/strict';
import {
  type ActorLogic,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  type EventObject,
  SimulatedClock,
  type Snapshot,
} from 'xstate';
import {
  AFTER,
  DONE_ACTOR,
  defaultSerialize,
  ERROR_ACTOR,
  type Path,
  type PathTestOptions,
  SNAPSHOT_ACTOR,
} from './engine';
import { type GuardOutcome, observeGuards } from './guards';
import { transitionKey } from './transitions';

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

/**
 * Moves the simulated clock, timer by timer, until this delayed event fires. A timer due earlier may fire first
 * only without a transition (its guard false): had it taken one, the path's delay would never come.
 */
async function advanceUntilFired(
  clock: SimulatedClock,
  type: string,
  seen: { processed: string[]; microsteps: string[][] },
  where: string,
): Promise<void> {
  const taken = seen.microsteps.length;
  let fired: string[] = [];
  while (!fired.includes(type)) {
    assert.equal(
      seen.microsteps.length,
      taken,
      `${where}: an earlier timer (${fired.join(', ')}) took a transition first`,
    );
    const from = seen.processed.length;
    advanceToNextTimer(clock);
    await flushPromises();
    fired = seen.processed.slice(from);
  }
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
    // Once done or failed, XState stops the actor and hands it no more events.
    transition: (snapshot, event) => {
      const data = event as EventObject & { output?: unknown; error?: unknown; snapshot?: unknown };
      const { input } = snapshot;
      switch (event.type) {
        case STAND_IN.resolve:
          return { status: 'done', output: data.output, error: undefined, input };
        case STAND_IN.reject:
          return { status: 'error', output: undefined, error: data.error, input };
        case STAND_IN.emit:
          return data.snapshot as StandInSnapshot;
        case 'xstate.stop':
          return { status: 'stopped', output: undefined, error: undefined, input };
        default:
          return snapshot;
      }
    },
    getPersistedSnapshot: (snapshot) => snapshot,
  };
}

/** What a replay saw. */
export interface ReplayResult {
  /** The keys of the transitions taken, in order. */
  transitions: string[];
  /** The live actor's microsteps that took transitions, in order (transition keys each). */
  microsteps: string[][];
  /** Every evaluation of a named guard: its name and outcome, in order. */
  guards: GuardOutcome[];
}

/** Replays one path on a live actor; returns the keys of the transitions it took. */
export async function replay(options: PathTestOptions<AnyStateMachine>, path: Path): Promise<string[]> {
  return (await replayDetailed(options, path)).transitions;
}

/**
 * Replays one path on a live actor (child actors replaced by stand-ins, delays on a simulated clock, named
 * guards observed); after every step the live snapshot must serialise like the model's.
 */
export async function replayDetailed(options: PathTestOptions<AnyStateMachine>, path: Path): Promise<ReplayResult> {
  const serialize = (options.serializeState ?? defaultSerialize) as (s: AnyMachineSnapshot) => string;
  const pending = new Map<string, StandIn>();
  const standIn = standInLogic((id, control) => pending.set(id, control));
  const controllable = Object.fromEntries(
    Object.keys(options.machine.implementations.actors).map((name) => [name, standIn]),
  );
  const taken: string[] = [];
  const microsteps: string[][] = [];
  const guards: GuardOutcome[] = [];
  const processed: string[] = [];
  // Delays run on a simulated clock: moving it is the only way time passes.
  const clock = new SimulatedClock();
  {
    const observed = options.machine.provide({
      actors: controllable,
      guards: observeGuards(options.machine, (outcome) => guards.push(outcome)),
    });
    const actor = createActor(observed, {
      input: path.input,
      clock,
      inspect: (inspection) => {
        // Only the machine's own microsteps (not its children's). This runs inside createActor too,
        // for the initial eventless transitions, so it cannot refer to `actor`.
        if (inspection.type !== '@xstate.microstep' || inspection.actorRef.sessionId !== inspection.rootId) return;
        processed.push(inspection.event.type);
        const keys = inspection._transitions.map(transitionKey);
        if (keys.length > 0) microsteps.push(keys);
        taken.push(...keys);
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
        // A finished child sends nothing more (until a state starts it again).
        pending.delete(id);
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
        await advanceUntilFired(clock, event.type, { processed, microsteps }, where);
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
  return { transitions: taken, microsteps, guards };
}
