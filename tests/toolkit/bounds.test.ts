/**
 * Where the traversal (toolkit/engine.ts) would never end: a context that changes with every step, or an eventless
 * transition that keeps itself enabled. Each fails fast, naming the machine and the state, instead of filling the
 * memory. Every machine here stops by itself well above the bound, so a lost bound fails a test, never hangs it.
 */
import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, assign, setup } from 'xstate';
import { DEFAULT_MAX_STATES, exploreModel, MAX_MICROSTEPS, type PathTestOptions, pureStart, pureStep } from '#toolkit';

const options = (o: object) => o as PathTestOptions<AnyStateMachine>;

/**
 * The error a call throws. `toThrow(text)` alone also passes when `undefined` is thrown (vitest issue 7260): what
 * is left when the function that builds the error returns nothing.
 */
function errorOf(call: () => unknown): Error {
  try {
    call();
  } catch (error) {
    if (error instanceof Error) return error;
    throw new Error(`it threw ${String(error)}, not an Error`);
  }
  throw new Error('it threw nothing');
}

/** 'add' counts on and on: every count is a state of its own (it stops at `cap`, far above any bound). */
const tally = (cap: number) =>
  setup({ types: { context: {} as { n: number }, events: {} as { type: 'add' } } }).createMachine({
    id: 'tally',
    context: { n: 0 },
    initial: 'open',
    states: {
      open: {
        on: {
          add: { guard: ({ context }) => context.n < cap, actions: assign({ n: ({ context }) => context.n + 1 }) },
        },
      },
    },
  });

/**
 * 'go' reaches a state whose eventless transition reads the event: it stays enabled while the count changes.
 * `calls` counts its guard's evaluations: the bound must stop XState's loop, not merely report it afterwards.
 */
function spinner() {
  const seen = { calls: 0 };
  const machine = setup({ types: { context: {} as { n: number }, events: {} as { type: 'go' } } }).createMachine({
    id: 'spin',
    context: { n: 0 },
    initial: 'idle',
    states: {
      idle: { on: { go: 'spinning' } },
      spinning: {
        always: {
          guard: ({ context, event }) => ++seen.calls > 0 && event.type === 'go' && context.n < 50_000,
          actions: assign({ n: ({ context }) => context.n + 1 }),
        },
      },
    },
  });
  return { machine, seen };
}

/** Its start loops: the eventless transition of its initial state counts on (`calls` as above). */
function looper(limit: number) {
  const seen = { calls: 0 };
  const machine = setup({ types: { context: {} as { n: number } } }).createMachine({
    id: 'looping',
    context: { n: 0 },
    initial: 'a',
    states: {
      a: {
        always: {
          guard: ({ context }) => ++seen.calls > 0 && context.n < limit,
          actions: assign({ n: ({ context }) => context.n + 1 }),
        },
      },
    },
  });
  return { machine, seen };
}

describe('a context that changes with every step', () => {
  it('stops at maxStates, naming the machine, its input and the state it was in', () => {
    expect(errorOf(() => exploreModel(options({ machine: tally(1000), events: [], maxStates: 20 }))).message).toBe(
      'tally: the traversal passed 20 distinct states (input undefined) and goes on, in state "open" ' +
        'with context {"n":20}. Something in the context changes with every step: give stopWhen, a serializeState ' +
        'that leaves it out, or a larger maxStates (by default 10000; the largest machine in machines/, passkeys, ' +
        'has 406).',
    );
  });

  it('shortens a context longer than 300 characters in the error, and prints one of 300 whole', () => {
    const noted = (length: number) =>
      setup({
        types: { context: {} as { note: string; n: number }, events: {} as { type: 'add' } },
      }).createMachine({
        id: 'noted',
        context: { note: 'x'.repeat(length), n: 0 },
        initial: 'open',
        states: {
          open: {
            on: {
              add: { guard: ({ context }) => context.n < 50, actions: assign({ n: ({ context }) => context.n + 1 }) },
            },
          },
        },
      });
    const contextIn = (length: number) =>
      errorOf(() => exploreModel(options({ machine: noted(length), events: [], maxStates: 2 }))).message;
    expect(contextIn(400)).toContain(`with context {"note":"${'x'.repeat(288)}.... Something in the context`);
    // {"note":"…","n":2} is 17 characters around the note.
    expect(contextIn(283)).toContain(`with context {"note":"${'x'.repeat(283)}","n":2}. Something in the context`);
  });

  it('stops by default at 10,000 distinct states', () => {
    expect(DEFAULT_MAX_STATES).toBe(10_000);
    expect(errorOf(() => exploreModel(options({ machine: tally(10_500), events: [] }))).message).toMatch(
      /^tally: the traversal passed 10000 distinct states .* with context \{"n":10000\}\./,
    );
  });

  it('ends with exactly maxStates distinct states', () => {
    const [model] = exploreModel(options({ machine: tally(19), events: [], maxStates: 20 }));
    expect(model!.nodes.size).toBe(20);
  });

  it('ends where stopWhen says, below the bound', () => {
    const stopped = options({
      machine: tally(1000),
      events: [],
      maxStates: 5,
      stopWhen: (s: { context: { n: number } }) => s.context.n >= 4,
    });
    const [model] = exploreModel(stopped);
    expect([...model!.nodes.values()].map((node) => [node.snapshot.context.n, node.edges.length])).toEqual([
      [0, 1],
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 0],
    ]);
  });
});

describe('an eventless transition that keeps itself enabled', () => {
  it('fails the traversal, naming the machine, the event, the state and the looping transition', () => {
    expect(MAX_MICROSTEPS).toBe(1000);
    const { machine, seen } = spinner();
    expect(() => exploreModel(options({ machine, events: [] }))).toThrow(
      'spin: \'go\' in state "idle" took more than 1000 microsteps, the last spin.spinning||0. An eventless ' +
        'transition whose guard stays true while its actions change the context never ends.',
    );
    // 'go' is the first microstep; the loop stops at the 1000th eventless one.
    expect(seen.calls).toBe(1000);
  });

  it('fails a traversal whose start loops, and a pure step and a pure start the same way', () => {
    const start = looper(50_000);
    expect(() => exploreModel(options({ machine: start.machine, events: [] }))).toThrow(
      /^looping: the start took more than 1000 microsteps, the last looping\.a\|\|0\. /,
    );
    expect(start.seen.calls).toBe(1001);
    expect(() => pureStart(start.machine, undefined)).toThrow(/^looping: the start took more than 1000 microsteps/);
    const { machine } = spinner();
    const idle = pureStart(machine, undefined).snapshot;
    expect(() => pureStep(machine, idle, { type: 'go' })).toThrow(/^spin: 'go' in state "idle" took more than 1000/);
  });

  it('lets a loop of exactly 1000 microsteps end', () => {
    expect(pureStart(looper(1000).machine, undefined).microsteps).toHaveLength(1000);
  });
});
