/**
 * Small machines whose transitions, paths, pairs, sneak paths and guard outcomes are known by hand: the toolkit's
 * own tests (tests/toolkit) check its counts and generated steps against them exactly.
 */
import { assign, emit, fromCallback, fromPromise, raise, setup, stopChild } from 'xstate';

/**
 * One of each kind of transition the walker must name: a guarded pair of candidates, an invoke's done and
 * error, a named delay, a parallel state with a transition of its own, an eventless one and a final state.
 */
export const shapes = setup({
  types: { events: {} as { type: 'go'; big: boolean } | { type: 'flip' } | { type: 'stop' } },
  guards: { isBig: ({ event }) => event.type === 'go' && event.big },
  actors: { load: fromPromise<number>(async () => 1) },
  delays: { soon: 100 },
}).createMachine({
  id: 'shapes',
  initial: 'idle',
  states: {
    idle: { on: { go: [{ guard: 'isBig', target: 'loading' }, { target: 'panel' }] } },
    loading: {
      invoke: { id: 'job', src: 'load', onDone: 'panel', onError: 'idle' },
      after: { soon: 'idle' },
    },
    panel: {
      type: 'parallel',
      on: { stop: 'done' },
      states: {
        left: { initial: 'a', states: { a: { on: { flip: 'b' } }, b: { always: 'a' } } },
        right: { initial: 'c', states: { c: {} } },
      },
    },
    done: { type: 'final' },
  },
});

export const shapesOptions = {
  machine: shapes,
  events: [{ type: 'go', big: true }, { type: 'go', big: false }, { type: 'flip' }, { type: 'stop' }],
  outputs: { job: [7] },
  errors: { job: [new Error('lost')] },
};

/** A counter: 'add' counts up to two, then 'full' ends it; 'clear' starts again. */
export const counter = setup({
  types: {
    context: {} as { n: number },
    events: {} as { type: 'add' } | { type: 'clear' } | { type: 'full' },
  },
  guards: { hasRoom: ({ context }) => context.n < 2 },
}).createMachine({
  id: 'counter',
  context: { n: 0 },
  initial: 'open',
  states: {
    open: {
      on: {
        add: { guard: 'hasRoom', actions: assign({ n: ({ context }) => context.n + 1 }) },
        clear: { actions: assign({ n: 0 }) },
        full: { guard: ({ context }) => context.n === 2, target: 'closed' },
      },
    },
    closed: { type: 'final' },
  },
});

/**
 * A watcher that starts from its input: its child passes snapshots on (`onSnapshot`), a delay ends it, and 'ping'
 * asks for three actions without changing state.
 */
export const watch = setup({
  types: {
    context: {} as { seen: number },
    input: {} as { start: number },
    events: {} as { type: 'ping' } | { type: 'pong' },
  },
  actors: { feed: fromCallback(() => () => {}) },
  actions: { announce: () => {} },
  delays: { slow: 50 },
}).createMachine({
  id: 'watch',
  context: ({ input }) => ({ seen: input.start }),
  initial: 'on',
  states: {
    on: {
      entry: 'announce',
      invoke: {
        id: 'src',
        src: 'feed',
        onSnapshot: { actions: assign({ seen: ({ event }) => (event.snapshot as unknown as { n: number }).n }) },
      },
      after: { slow: 'off' },
      on: { ping: { actions: [raise({ type: 'pong' }), emit({ type: 'noise' }), stopChild('src')] } },
    },
    off: {},
  },
});

export const watchOptions = {
  machine: watch,
  inputs: [{ start: 1 }, { start: 5 }],
  events: [],
  snapshots: { src: [{ status: 'active', n: 5 }] },
  // 'ping' stops the child: the traversal leaves it out, so that the snapshot edges stay few.
  filterEvents: (_snapshot: unknown, event: { type: string }) => event.type !== 'ping',
};
