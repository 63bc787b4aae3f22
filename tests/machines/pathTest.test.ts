/**
 * The harness itself: it must see a transition no path takes, a live actor that disagrees with the model, a
 * guard outcome never seen, an unhandled event that changes something, and a pair that cannot happen.
 */
import { describe, expect, it } from 'vitest';
import { and, type AnyStateMachine, assign, createMachine, fromPromise, not, setup } from 'xstate';
import { generatePaths, replay, type PathTestOptions } from './pathTest';
import {
  analysePairs,
  checkSneakPaths,
  definedTransitions,
  expectedMicrosteps,
  exploreModel,
  type GuardOutcome,
  guardInventory,
  missingGuardOutcomes,
  pairKey,
  pairPaths,
  pairsOf,
  replayDetailed,
  tallyGuards,
  vitestCommand,
} from '#toolkit';

const toy = setup({
  types: { context: {} as { count: number }, events: {} as { type: 'go' } | { type: 'never' } },
  actors: { work: fromPromise<number>(async () => 1) },
  delays: { soon: 100 },
}).createMachine({
  id: 'toy',
  context: { count: 0 },
  initial: 'idle',
  states: {
    idle: { on: { go: 'working' } },
    working: {
      invoke: {
        id: 'job',
        src: 'work',
        onDone: { target: 'done', actions: assign({ count: ({ event }) => event.output }) },
      },
      after: { soon: 'late' },
    },
    late: {},
    done: {},
    orphan: { on: { never: 'idle' } },
  },
});

async function coverage(options: PathTestOptions<typeof toy>) {
  const taken = new Set<string>();
  for (const path of generatePaths(options as never))
    for (const key of await replay(options as never, path)) taken.add(key);
  return definedTransitions(toy)
    .filter((t) => !taken.has(t.key))
    .map((t) => t.label);
}

describe('path test harness', () => {
  it('names the transition that no path can reach', async () => {
    expect(await coverage({ machine: toy, events: [], outputs: { job: [1] } })).toEqual([
      'toy.orphan --never--> toy.idle',
    ]);
  });

  it('replays actor results and delays on a live actor', async () => {
    const paths = generatePaths({ machine: toy, events: [], outputs: { job: [7] } } as never);
    const ends = paths.map((path) => JSON.stringify(path.steps.at(-1)?.state.value));
    expect(ends).toEqual(expect.arrayContaining(['"done"', '"late"']));
    for (const path of paths) await expect(replay({ machine: toy, events: [] } as never, path)).resolves.toBeDefined();
  });

  it('fails a path whose live state differs from the model', async () => {
    const [path] = generatePaths({ machine: toy, events: [], outputs: { job: [7] } } as never).filter(
      (p) => p.steps.at(-1)?.state.value === 'done',
    );
    const lying = toy.provide({ actions: {} });
    const broken = { machine: lying, events: [], serializeState: () => String(Math.random()) };
    await expect(replay(broken as never, path!)).rejects.toThrow();
  });
});

/** Replays every path the suite would run (edge paths, then pair paths) and returns what the live actors did. */
async function replayAll(options: PathTestOptions<AnyStateMachine>) {
  const models = exploreModel(options);
  const labels = new Map(definedTransitions(options.machine).map((t) => [t.key, t.label]));
  const analysis = analysePairs(options, models, labels);
  const edgePaths = generatePaths(options, models);
  const byEdges = new Set(
    edgePaths.flatMap((path) =>
      pairsOf(
        expectedMicrosteps(
          models.find((m) => m.input === path.input)!,
          path,
        ),
      ),
    ),
  );
  const pairs = new Set<string>();
  const guards: GuardOutcome[] = [];
  for (const path of [...edgePaths, ...pairPaths(models, analysis, byEdges)]) {
    const result = await replayDetailed(options, path);
    for (const pair of pairsOf(result.microsteps)) pairs.add(pair);
    guards.push(...result.guards);
  }
  return { models, analysis, pairs, guards, labels };
}

describe('guard outcomes', () => {
  // 'isSmall' is asked with the only sample there is, which is small: it is never seen false.
  const sized = setup({
    types: { events: {} as { type: 'size'; n: number } },
    guards: { isSmall: ({ event }) => event.n < 10 },
  }).createMachine({
    id: 'sized',
    initial: 'open',
    states: { open: { on: { size: { guard: 'isSmall', target: 'small' } } }, small: {} },
  });

  it('names a guard never seen false', async () => {
    const options = { machine: sized, events: [{ type: 'size', n: 1 }] } as PathTestOptions<AnyStateMachine>;
    const { guards } = await replayAll(options);
    const tally = tallyGuards(guardInventory(sized).named, guards);
    expect(missingGuardOutcomes(tally)).toEqual(['isSmall=false']);
  });

  it('sees both outcomes once a sample makes the guard false', async () => {
    const options = {
      machine: sized,
      events: [
        { type: 'size', n: 1 },
        { type: 'size', n: 99 },
      ],
    } as PathTestOptions<AnyStateMachine>;
    const { guards } = await replayAll(options);
    expect(missingGuardOutcomes(tallyGuards(guardInventory(sized).named, guards))).toEqual([]);
  });

  it('finds the guards inside and/not, and refuses an inline guard it cannot watch', () => {
    const mixed = setup({
      types: { events: {} as { type: 'go' } },
      guards: { a: () => true, b: () => false },
    }).createMachine({
      id: 'mixed',
      initial: 'x',
      states: {
        x: {
          on: {
            go: [
              { guard: and(['a', not('b')]), target: 'y' },
              {
                guard: function isLate() {
                  return true;
                },
                target: 'y',
              },
            ],
          },
        },
        y: {},
      },
    });
    expect(guardInventory(mixed)).toEqual({ named: ['a', 'b'], unobservable: ['inline guard isLate'] });
  });
});

describe('sneak paths', () => {
  // 'poke' is handled nowhere in 'idle', but an eventless transition reads the event and counts it.
  const leaky = setup({
    types: { context: {} as { pokes: number }, events: {} as { type: 'poke' } | { type: 'start' } },
  }).createMachine({
    id: 'leaky',
    context: { pokes: 0 },
    initial: 'idle',
    states: {
      idle: {
        on: { start: 'running' },
        always: {
          guard: ({ context, event }) => event.type === 'poke' && context.pokes === 0,
          actions: assign({ pokes: ({ context }) => context.pokes + 1 }),
        },
      },
      running: { on: { poke: 'idle' } },
    },
  });

  it('catches an unhandled event that changes the context', () => {
    const options = { machine: leaky, events: [] } as PathTestOptions<AnyStateMachine>;
    const result = checkSneakPaths(options, exploreModel(options));
    // 'poke' in idle and 'start' in running, before and after the count went up.
    expect(result.checked).toBe(4);
    expect(result.failures).toHaveLength(1);
    expect(result.failures[0]).toMatchObject({ event: { type: 'poke' } });
    expect(result.failures[0]!.changes).toEqual(expect.arrayContaining(['context changed']));
  });

  it('catches a running child whose failure nothing handles (the machine would fail)', () => {
    const fragile = setup({
      types: { events: {} as { type: 'go' } },
      actors: { work: fromPromise(async () => 1) },
    }).createMachine({
      id: 'fragile',
      initial: 'busy',
      states: {
        busy: { invoke: { id: 'job', src: 'work', onDone: 'done' }, on: { go: 'done' } },
        done: {},
      },
    });
    const options = {
      machine: fragile,
      events: [],
      errors: { job: [new Error('boom')] },
    } as PathTestOptions<AnyStateMachine>;
    const result = checkSneakPaths(options, exploreModel(options));
    expect(result.failures.map((f) => f.event.type)).toEqual(['xstate.error.actor.job']);
    expect(result.failures[0]!.changes).toEqual(expect.arrayContaining(['status active → error']));
  });

  it('passes a machine that ignores what it does not handle', () => {
    const options = { machine: toy, events: [], outputs: { job: [1] } } as PathTestOptions<AnyStateMachine>;
    const result = checkSneakPaths(options, exploreModel(options));
    expect(result.checked).toBeGreaterThan(0);
    expect(result.failures).toEqual([]);
  });
});

describe('transition pairs', () => {
  // 'finish' needs a job done; 'reset' forgets it, so 'finish' can never follow 'reset'.
  const jobs = setup({
    types: {
      context: {} as { done: number },
      events: {} as { type: 'go' } | { type: 'ok' } | { type: 'reset' } | { type: 'finish' },
    },
    guards: { someDone: ({ context }) => context.done > 0 },
  }).createMachine({
    id: 'jobs',
    context: { done: 0 },
    initial: 'idle',
    states: {
      idle: { on: { go: 'busy', finish: { guard: 'someDone', target: 'end' } } },
      busy: {
        on: {
          ok: { target: 'idle', actions: assign({ done: 1 }) },
          reset: { target: 'idle', actions: assign({ done: 0 }) },
        },
      },
      end: { type: 'final' },
    },
  });
  const options = {
    machine: jobs,
    events: [{ type: 'go' }, { type: 'ok' }, { type: 'reset' }, { type: 'finish' }],
  } as PathTestOptions<AnyStateMachine>;

  it('lists a pair the guard rules out as infeasible, with the reason', async () => {
    const { analysis, labels } = await replayAll(options);
    const reset = 'jobs.busy|reset|0';
    const finish = 'jobs.idle|finish|0';
    expect(analysis.feasible.has(pairKey('jobs.busy|ok|0', finish))).toBe(true);
    const infeasible = analysis.infeasible.find((p) => p.key === pairKey(reset, finish));
    expect(infeasible?.reason).toMatch(/no sample 'finish' event makes it fire .*guard \[someDone\]/);
    // Structurally impossible pairs are no candidates at all: after 'ok' the machine is idle, never busy.
    expect(analysis.infeasible.map((p) => p.key)).not.toContain(pairKey('jobs.busy|ok|0', 'jobs.busy|ok|0'));
    expect(labels.size).toBe(4);
  });

  it('takes every feasible pair on live actors, with the pair paths added to the edge paths', async () => {
    const { analysis, pairs } = await replayAll(options);
    expect(analysis.feasible.size).toBeGreaterThan(0);
    expect([...analysis.feasible.keys()].filter((key) => !pairs.has(key))).toEqual([]);
  });

  it('counts the pairs inside one step too (an event, then the eventless transition it enables)', () => {
    const chained = createMachine({
      id: 'chained',
      initial: 'a',
      states: { a: { on: { next: 'b' } }, b: { always: 'c' }, c: {} },
    });
    const chainedOptions = { machine: chained, events: [] } as PathTestOptions<AnyStateMachine>;
    const models = exploreModel(chainedOptions);
    const analysis = analysePairs(chainedOptions, models, new Map());
    expect([...analysis.feasible.keys()]).toEqual([pairKey('chained.a|next|0', 'chained.b||0')]);
  });
});

describe('commands that rerun one test', () => {
  it('escapes the name for the runner and the shell', () => {
    expect(vitestCommand('tests/machines/x.test.ts', `m: paths #1 start → a.b ⇒ "it's"`)).toBe(
      `npx vitest run tests/machines/x.test.ts -t '^m: paths #1 start → a\\.b ⇒ "it'\\''s"$'`,
    );
  });
});
