/**
 * Transition pairs (toolkit/pairs.ts) on the fixture `shapes`, worked out by hand. Its eight transitions are
 * T1 idle --go [isBig]--> loading, T2 idle --go--> panel, T3 loading --done--> panel, T4 loading --error--> idle,
 * T5 loading --after--> idle, T6 panel --stop--> done, T7 left.a --flip--> left.b, T8 left.b --always--> left.a.
 * The structure allows 17 pairs: T1 then T3, T4 or T5; T2 or T3 then T6, T7 or T8; T4 or T5 then T1 or T2; T7 then
 * T6 or T8; T8 then T6 or T7; nothing after T6. Three cannot happen: left.b is never active after T2 or T3, and T7
 * is always followed by T8 in the same step.
 */
import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, assign, createMachine, fromPromise, setup } from 'xstate';
import {
  analysePairs,
  definedTransitions,
  expectedMicrosteps,
  exploreModel,
  finishedAlong,
  generatePaths,
  type PairAnalysis,
  pairKey,
  pairPaths,
  pairsOf,
  type Path,
  type PathTestOptions,
  structurallyConsecutive,
  allTransitions,
} from '#toolkit';
import { counter, shapes, shapesOptions } from './fixtures';

const options = shapesOptions as unknown as PathTestOptions<AnyStateMachine>;
const T = {
  1: 'shapes.idle|go|0',
  2: 'shapes.idle|go|1',
  3: 'shapes.loading|xstate.done.actor.job|0',
  4: 'shapes.loading|xstate.error.actor.job|0',
  5: 'shapes.loading|xstate.after.soon.shapes.loading|0',
  6: 'shapes.panel|stop|0',
  7: 'shapes.panel.left.a|flip|0',
  8: 'shapes.panel.left.b||0',
};
const pair = (a: keyof typeof T, b: keyof typeof T) => pairKey(T[a], T[b]);
const events = (path: Path) => path.steps.map((s) => s.event.type.replace('xstate.', '').replace(/\..*/, ''));
const labels = new Map(definedTransitions(shapes).map((t) => [t.key, t.label]));

function analyse(): PairAnalysis {
  return analysePairs(options, exploreModel(options), labels);
}

describe('transition pairs', () => {
  it('joins two keys, and takes a pair from each microstep to the next that took something', () => {
    expect(pairKey('a|x|0', 'b|y|1')).toBe('a|x|0 >> b|y|1');
    expect(pairsOf([['a'], [], ['b', 'c'], ['d']])).toEqual(['a >> b', 'a >> c', 'b >> d', 'c >> d']);
    expect(pairsOf([['a']])).toEqual([]);
  });

  it('allows a pair by structure: into the target, its parent or child, or a parallel region', () => {
    const all = allTransitions(shapes);
    const allowed = all.map((t1) => all.filter((t2) => structurallyConsecutive(t1, t2)).length);
    expect(allowed).toEqual([3, 3, 3, 2, 2, 0, 2, 2]);
    // A transition without target stays where it was: it may follow itself.
    const [add] = allTransitions(counter);
    expect(structurallyConsecutive(add!, add!)).toBe(true);
  });

  it('allows a pair across two regions of one parallel state, and not across states of a compound one', () => {
    const duo = createMachine({
      id: 'duo',
      initial: 'on',
      states: {
        on: {
          type: 'parallel',
          states: {
            left: { initial: 'a', states: { a: { on: { flip: 'b' } }, b: { on: { flop: 'a' } } } },
            right: { initial: 'c', states: { c: { on: { tick: 'd' } }, d: {} } },
          },
          on: { off: 'off' },
        },
        off: { on: { power: 'on' } },
      },
    });
    const byEvent = new Map(allTransitions(duo).map((t) => [t.eventType, t]));
    const follows = (first: string, second: string) =>
      structurallyConsecutive(byEvent.get(first)!, byEvent.get(second)!);
    // Left and right are regions of one parallel state: either may move after the other.
    expect([follows('flip', 'tick'), follows('tick', 'flip'), follows('flop', 'tick')]).toEqual([true, true, true]);
    // Within the left region, a state follows only the one it leads to.
    expect([follows('flip', 'flop'), follows('flip', 'flip')]).toEqual([true, false]);
    // 'on' and 'off' are states of the compound root: nothing inside 'on' follows a move into 'off'.
    expect([
      follows('off', 'flip'),
      follows('tick', 'power'),
      follows('off', 'power'),
      follows('power', 'tick'),
    ]).toEqual([false, false, true, true]);
  });

  it('counts 17 candidates: 14 feasible with a witness path, 3 proven infeasible with the reason', () => {
    const analysis = analyse();
    expect(analysis.candidates).toBe(17);
    expect([...analysis.feasible.keys()]).toEqual([
      pair(4, 1),
      pair(5, 1),
      pair(4, 2),
      pair(5, 2),
      pair(1, 3),
      pair(1, 4),
      pair(1, 5),
      pair(2, 6),
      pair(3, 6),
      pair(8, 6),
      pair(7, 8),
      pair(2, 7),
      pair(3, 7),
      pair(8, 7),
    ]);
    expect([...analysis.feasible.values()].map((p) => [p.first, p.second, events(p.witness)])).toEqual([
      [T[4], T[1], ['go', 'error', 'go']],
      [T[5], T[1], ['go', 'after', 'go']],
      [T[4], T[2], ['go', 'error', 'go']],
      [T[5], T[2], ['go', 'after', 'go']],
      [T[1], T[3], ['go', 'done']],
      [T[1], T[4], ['go', 'error']],
      [T[1], T[5], ['go', 'after']],
      [T[2], T[6], ['go', 'stop']],
      [T[3], T[6], ['go', 'done', 'stop']],
      [T[8], T[6], ['go', 'flip', 'stop']],
      [T[7], T[8], ['go', 'flip']],
      [T[2], T[7], ['go', 'flip']],
      [T[3], T[7], ['go', 'done', 'flip']],
      [T[8], T[7], ['go', 'flip', 'flip']],
    ]);
    expect(analysis.infeasible).toEqual([
      {
        key: pair(2, 8),
        first: T[2],
        second: T[8],
        reason: 'shapes.panel.left.b is never active right after the first (1 reachable state after it)',
      },
      {
        key: pair(3, 8),
        first: T[3],
        second: T[8],
        reason: 'shapes.panel.left.b is never active right after the first (1 reachable state after it)',
      },
      {
        key: pair(7, 6),
        first: T[7],
        second: T[6],
        reason:
          'the first transition is always followed, in the same step, by ' +
          'shapes.panel.left.b --always--> shapes.panel.left.a',
      },
    ]);
  });

  it('adds the fewest paths for the pairs the edge paths miss, each extended while it gains one', () => {
    const models = exploreModel(options);
    const analysis = analysePairs(options, models, labels);
    const edgePaths = generatePaths(options, models);
    const byEdges = new Set(edgePaths.flatMap((path) => pairsOf(expectedMicrosteps(models[0]!, path))));
    expect([...byEdges]).toEqual([pair(1, 3), pair(1, 4), pair(1, 5), pair(2, 6), pair(2, 7), pair(7, 8)]);
    const extra = pairPaths(models, analysis, byEdges);
    expect(extra.map(events)).toEqual([
      ['go', 'error', 'go'],
      ['go', 'after', 'go'],
      ['go', 'error', 'go'],
      ['go', 'after', 'go'],
      ['go', 'done', 'stop'],
      ['go', 'flip', 'stop'],
      ['go', 'done', 'flip', 'flip'],
    ]);
    const taken = new Set([...byEdges, ...extra.flatMap((p) => pairsOf(expectedMicrosteps(models[0]!, p)))]);
    expect([...analysis.feasible.keys()].filter((key) => !taken.has(key))).toEqual([]);
    expect(pairPaths(models, analysis, taken)).toEqual([]);
  });

  it('gives the reason each kind of impossible pair cannot happen', () => {
    const why = setup({ guards: { never: () => false } }).createMachine({
      id: 'why',
      initial: 'a',
      states: {
        a: { on: { go: 'b', skip: 'c' } },
        // 'stay' is offered in b, 'back' is not.
        b: { always: { guard: 'never', target: 'c' }, on: { back: 'a', stay: {} } },
        c: { on: { again: [{ target: 'a' }, { target: 'b' }] } },
        orphan: { on: { lost: 'a' } },
      },
    });
    const noBack = {
      machine: why,
      events: [],
      filterEvents: (_s: unknown, e: { type: string }) => e.type !== 'back',
    } as unknown as PathTestOptions<AnyStateMachine>;
    const analysis = analysePairs(noBack, exploreModel(noBack), new Map());
    const reason = (first: string, second: string) =>
      analysis.infeasible.find((p) => p.key === pairKey(first, second))?.reason;
    const inB = 'in the 1 reachable state right after the first where why.b is active';
    expect(reason('why.orphan|lost|0', 'why.a|go|0')).toBe('the first transition is never taken in the traversal');
    expect(reason('why.a|go|0', 'why.b||0')).toBe(
      `no event lets it fire ${inB} (guard [never] false, or an earlier candidate wins)`,
    );
    expect(reason('why.a|go|0', 'why.b|back|0')).toBe(`no sample 'back' event is offered ${inB}`);
    expect(reason('why.a|skip|0', 'why.c|again|1')).toBe(
      "no sample 'again' event makes it fire in the 1 reachable state right after the first where why.c is active " +
        '(an earlier candidate wins)',
    );
  });

  it('lets a transition into a history state be followed from its parent', () => {
    const h = createMachine({
      id: 'h',
      initial: 'p',
      states: {
        p: { initial: 'x', states: { x: { on: { go: 'y' } }, y: {}, last: { type: 'history' } }, on: { out: 'q' } },
        q: { on: { back: 'p.last' } },
      },
    });
    const [out, go, back] = allTransitions(h);
    expect(structurallyConsecutive(back!, go!)).toBe(true);
    expect(structurallyConsecutive(back!, out!)).toBe(true);
    expect(structurallyConsecutive(out!, go!)).toBe(false);
  });

  it('knows a finished child sends nothing more until it is started again', () => {
    // 'poke' stays in busy without restarting the job; its output changes nothing, so the state looks the same.
    const once = createMachine({
      id: 'once',
      initial: 'busy',
      states: {
        busy: { invoke: { id: 'job', src: 'work', onDone: {}, onError: 'failed' }, on: { poke: 'busy' } },
        failed: {},
      },
    }).provide({ actors: { work: fromPromise(async () => 1) } });
    const retry = { machine: once, events: [] } as unknown as PathTestOptions<AnyStateMachine>;
    const models = exploreModel(retry);
    const analysis = analysePairs(retry, models, new Map());
    const [poke, done, error] = [
      'once.busy|poke|0',
      'once.busy|xstate.done.actor.job|0',
      'once.busy|xstate.error.actor.job|0',
    ];
    expect([...analysis.feasible.keys()]).toEqual([
      pairKey(poke, poke),
      pairKey(done, poke),
      pairKey(poke, done),
      pairKey(poke, error),
    ]);
    const ended = "the first transition ends the child actor 'job', which sends nothing more until it is started again";
    expect(analysis.infeasible).toEqual([
      { key: pairKey(done, done), first: done, second: done, reason: ended },
      { key: pairKey(done, error), first: done, second: error, reason: ended },
    ]);
    const paths = generatePaths(retry, models);
    expect(paths.map(events)).toEqual([[], ['poke'], ['done'], ['error']]);
    expect(paths.map((p) => finishedAlong(models[0]!, p.steps))).toEqual([[], [], ['job'], ['job']]);
    // The first pair path takes 'poke' twice, then the job's output, then 'poke': never a second output.
    expect(pairPaths(models, analysis, new Set()).map(events)).toEqual([
      ['poke', 'poke', 'done', 'poke'],
      ['poke', 'error'],
    ]);
  });
});

describe('transition pairs: the start, children, several targets and inputs', () => {
  const keysOf = (analysis: PairAnalysis) => [...analysis.feasible.keys()];
  const labelsOf = (machine: AnyStateMachine) => new Map(definedTransitions(machine).map((t) => [t.key, t.label]));

  it('keeps the shortest path to each arrival: the counter cleared at once, not after two adds', () => {
    const counterOptions = { machine: counter, events: [] } as unknown as PathTestOptions<AnyStateMachine>;
    const analysis = analysePairs(counterOptions, exploreModel(counterOptions), new Map());
    const [A, C, F] = ['counter.open|add|0', 'counter.open|clear|0', 'counter.open|full|0'];
    expect([...analysis.feasible.values()].map((p) => [p.key, events(p.witness)])).toEqual([
      [pairKey(C, A), ['clear', 'add']],
      [pairKey(C, C), ['clear', 'clear']],
      [pairKey(A, A), ['add', 'add']],
      [pairKey(A, C), ['add', 'clear']],
      [pairKey(A, F), ['add', 'add', 'full']],
    ]);
    expect(analysis.infeasible.map((p) => p.key)).toEqual([pairKey(C, F)]);
  });

  it('reads the microsteps of a step that has none recorded (a path not from the traversal) as none', () => {
    const model = exploreModel(options)[0]!;
    const [go] = generatePaths(options).find((p) => p.steps.length === 1)!.steps;
    const bare = { input: undefined, steps: [{ event: go!.event, state: go!.state }] };
    expect(expectedMicrosteps(model, bare)).toEqual(model.initialMicrosteps);
    expect(expectedMicrosteps(model, { input: undefined, steps: [go!] })).toEqual(go!.microsteps);
  });

  it('pairs the eventless steps of the start with each other and with the first event after them', () => {
    // C, W and H run on starting, one microstep each; 'poke' leaves warm, which is never at rest.
    const boot = createMachine({
      id: 'boot',
      initial: 'check',
      states: {
        check: { always: 'warm' },
        warm: { always: 'hot', on: { poke: 'menu' } },
        hot: { always: 'menu' },
        menu: { on: { pick: 'item' } },
        item: { on: { back: 'menu' } },
      },
    });
    const [C, W, P, H, K, B] = [
      'boot.check||0',
      'boot.warm||0',
      'boot.warm|poke|0',
      'boot.hot||0',
      'boot.menu|pick|0',
      'boot.item|back|0',
    ];
    const opts = { machine: boot, events: [] } as unknown as PathTestOptions<AnyStateMachine>;
    const analysis = analysePairs(opts, exploreModel(opts), labelsOf(boot));
    expect(analysis.candidates).toBe(7);
    expect(keysOf(analysis)).toEqual([pairKey(C, W), pairKey(W, H), pairKey(H, K), pairKey(B, K), pairKey(K, B)]);
    expect([...analysis.feasible.values()].map((p) => p.witness)).toEqual([
      { input: undefined, steps: [] },
      { input: undefined, steps: [] },
      expect.objectContaining({ steps: [expect.objectContaining({ event: { type: 'pick' } })] }),
      expect.anything(),
      expect.anything(),
    ]);
    expect([...analysis.feasible.values()].slice(2).map((p) => events(p.witness))).toEqual([
      ['pick'],
      ['pick', 'back', 'pick'],
      ['pick', 'back'],
    ]);
    expect(analysis.infeasible).toEqual([
      {
        key: pairKey(C, P),
        first: C,
        second: P,
        reason: 'the first transition is always followed, in the same step, by boot.warm --always--> boot.hot',
      },
      { key: pairKey(P, K), first: P, second: K, reason: 'the first transition is never taken in the traversal' },
    ]);
  });

  it('lets a finished child send again once its state starts it again', () => {
    const again = createMachine({
      id: 'again',
      initial: 'busy',
      states: {
        busy: { invoke: { id: 'job', src: 'work', onDone: 'waiting' } },
        waiting: { on: { retry: 'busy' } },
      },
    }).provide({ actors: { work: fromPromise(async () => 1) } });
    const [D, R] = ['again.busy|xstate.done.actor.job|0', 'again.waiting|retry|0'];
    const opts = { machine: again, events: [] } as unknown as PathTestOptions<AnyStateMachine>;
    const models = exploreModel(opts);
    const analysis = analysePairs(opts, models, new Map());
    expect(analysis.candidates).toBe(2);
    expect([...analysis.feasible.values()].map((p) => [p.key, events(p.witness)])).toEqual([
      [pairKey(R, D), ['done', 'retry', 'done']],
      [pairKey(D, R), ['done', 'retry']],
    ]);
    expect(analysis.infeasible).toEqual([]);
    // One path takes both: the witness of the first pair takes the second on its way.
    const [path, ...more] = pairPaths(models, analysis, new Set());
    expect([events(path!), more]).toEqual([['done', 'retry', 'done'], []]);
    expect(finishedAlong(models[0]!, path!.steps)).toEqual(['job']);
    expect(finishedAlong(models[0]!, path!.steps.slice(0, 2))).toEqual([]);
  });

  it('does not count a snapshot of a child as its end', () => {
    const feed = setup({
      guards: { never: () => false },
      actors: { work: fromPromise(async () => 1) },
    }).createMachine({
      id: 'feed',
      initial: 'busy',
      states: {
        busy: { invoke: { id: 'job', src: 'work', onSnapshot: {}, onDone: { guard: 'never', target: 'over' } } },
        over: {},
      },
    });
    const [S, D] = ['feed.busy|xstate.snapshot.job|0', 'feed.busy|xstate.done.actor.job|0'];
    const opts = {
      machine: feed,
      events: [],
      snapshots: { job: [{ status: 'active' }] },
    } as unknown as PathTestOptions<AnyStateMachine>;
    const models = exploreModel(opts);
    const analysis = analysePairs(opts, models, new Map());
    expect(analysis.candidates).toBe(2);
    expect(keysOf(analysis)).toEqual([pairKey(S, S)]);
    expect(finishedAlong(models[0]!, analysis.feasible.get(pairKey(S, S))!.witness.steps)).toEqual([]);
    expect(analysis.infeasible).toEqual([
      {
        key: pairKey(S, D),
        first: S,
        second: D,
        reason:
          "no sample 'xstate.done.actor.job' event makes it fire in the 1 reachable state right after the first " +
          'where feed.busy is active (guard [never] false, or an earlier candidate wins)',
      },
    ]);
  });

  it('lets a transition into two regions be followed from a state parallel to either, then proves which cannot', () => {
    const split = createMachine({
      id: 'split',
      initial: 'off',
      states: {
        off: { on: { start: { target: ['on.left.b', 'on.right.d'] } } },
        on: {
          type: 'parallel',
          states: {
            left: { initial: 'a', states: { a: { on: { x: 'b' } }, b: {} } },
            right: { initial: 'c', states: { c: {}, d: { on: { z: 'c' } } } },
          },
        },
      },
    });
    const [start, x, z] = allTransitions(split);
    // left.a is a sibling of the target left.b, and parallel to the other target, right.d.
    expect([structurallyConsecutive(start!, x!), structurallyConsecutive(start!, z!)]).toEqual([true, true]);
    const opts = { machine: split, events: [] } as unknown as PathTestOptions<AnyStateMachine>;
    const analysis = analysePairs(opts, exploreModel(opts), new Map());
    expect(keysOf(analysis)).toEqual([pairKey('split.off|start|0', 'split.on.right.d|z|0')]);
    expect(analysis.infeasible.map((p) => [p.second, p.reason])).toContainEqual([
      'split.on.left.a|x|0',
      'split.on.left.a is never active right after the first (1 reachable state after it)',
    ]);
  });

  it('names every transition that may follow in the same step, and counts the states after the first', () => {
    const fork = setup({
      types: { events: {} as { type: 'go'; big: boolean } | { type: 'poke' } | { type: 'reset' } },
      guards: { isBig: ({ event }) => event.type === 'go' && event.big },
    }).createMachine({
      id: 'fork',
      initial: 'idle',
      states: {
        idle: { on: { go: 'hub' } },
        hub: { always: [{ guard: 'isBig', target: 'big' }, { target: 'small' }], on: { poke: 'idle' } },
        big: { on: { reset: 'idle' } },
        small: { on: { reset: 'idle' } },
      },
    });
    const forkOptions = {
      machine: fork,
      events: [{ type: 'go', big: true }, { type: 'go', big: false }, { type: 'reset' }],
    } as unknown as PathTestOptions<AnyStateMachine>;
    const forked = analysePairs(forkOptions, exploreModel(forkOptions), labelsOf(fork));
    expect(forked.infeasible.find((p) => p.key === pairKey('fork.idle|go|0', 'fork.hub|poke|0'))?.reason).toBe(
      'the first transition is always followed, in the same step, by ' +
        `${labelsOf(fork).get('fork.hub||0')} or ${labelsOf(fork).get('fork.hub||1')}`,
    );
    expect([labelsOf(fork).get('fork.hub||0'), labelsOf(fork).get('fork.hub||1')]).toEqual([
      'fork.hub --always [isBig]--> fork.big',
      'fork.hub --always--> fork.small',
    ]);

    // 'inc' leads to b twice, with n 1 and with n 2; 'jump' never fires there.
    const tally = setup({
      types: { context: {} as { n: number } },
      guards: { hasRoom: ({ context }) => context.n < 2, never: () => false },
    }).createMachine({
      id: 'tally',
      context: { n: 0 },
      initial: 'a',
      states: {
        a: { on: { inc: { guard: 'hasRoom', target: 'b', actions: assign({ n: ({ context }) => context.n + 1 }) } } },
        b: { on: { back: 'a', jump: { guard: 'never', target: 'a' } } },
      },
    });
    const tallyOptions = { machine: tally, events: [] } as unknown as PathTestOptions<AnyStateMachine>;
    const counted = analysePairs(tallyOptions, exploreModel(tallyOptions), new Map());
    expect(counted.infeasible.find((p) => p.key === pairKey('tally.a|inc|0', 'tally.b|jump|0'))?.reason).toBe(
      "no sample 'jump' event makes it fire in the 2 reachable states right after the first where tally.b is " +
        'active (guard [never] false, or an earlier candidate wins)',
    );
  });

  it('keeps the first witness of a pair, and builds each pair path on the model of its own input', () => {
    const door = setup({
      types: { context: {} as { locked: boolean }, input: {} as { locked: boolean } },
    }).createMachine({
      id: 'door',
      context: ({ input }) => ({ locked: input.locked }),
      initial: 'check',
      states: {
        check: { always: [{ guard: ({ context }) => context.locked, target: 'shut' }, { target: 'open' }] },
        shut: { on: { unlock: 'open' } },
        open: { on: { close: 'shut' } },
      },
    });
    const [L, U, N, O] = ['door.check||0', 'door.check||1', 'door.shut|unlock|0', 'door.open|close|0'];
    const [locked, unlocked] = [{ locked: true }, { locked: false }];
    const opts = {
      machine: door,
      events: [],
      inputs: [locked, unlocked],
    } as unknown as PathTestOptions<AnyStateMachine>;
    const models = exploreModel(opts);
    const analysis = analysePairs(opts, models, new Map());
    const witnessOf = (p: { witness: Path }) => [p.witness.input, events(p.witness)];
    // The locked door's model comes first: the two pairs both models take keep its witness.
    expect([...analysis.feasible.values()].map((p) => [p.key, ...witnessOf(p)])).toEqual([
      [pairKey(L, N), locked, ['unlock']],
      [pairKey(O, N), locked, ['unlock', 'close', 'unlock']],
      [pairKey(N, O), locked, ['unlock', 'close']],
      [pairKey(U, O), unlocked, ['close']],
    ]);
    expect(pairPaths(models, analysis, new Set()).map((p) => [p.input, events(p)])).toEqual([
      [locked, ['unlock', 'close', 'unlock']],
      [unlocked, ['close']],
    ]);
  });

  it('extends a pair path by at most 50 steps; a longer chain goes on in a later path', () => {
    // From a hub, 'go<i>' leads to s<i>; 'next' leads from each s<i> to the one after, up to s54.
    const last = 54;
    const ladder = createMachine({
      id: 'ladder',
      initial: 'hub',
      states: {
        hub: { on: Object.fromEntries(Array.from({ length: last + 1 }, (_, i) => [`go${i}`, `s${i}`])) },
        ...Object.fromEntries(
          Array.from({ length: last + 1 }, (_, i) => [`s${i}`, i < last ? { on: { next: `s${i + 1}` } } : {}]),
        ),
      },
    });
    const opts = { machine: ladder, events: [] } as unknown as PathTestOptions<AnyStateMachine>;
    const models = exploreModel(opts);
    const analysis = analysePairs(opts, models, new Map());
    // go<i> then next from s<i> (54 pairs), and next from s<i> then from s<i+1> (53).
    expect(analysis.feasible.size).toBe(107);
    const paths = pairPaths(models, analysis, new Set());
    // The first: go0, next from s0, then 50 more. Each go<i> after it is a path of two steps, except go50's, whose
    // path also takes the three pairs of next the first path left: from s50 to s53.
    expect(paths.map((p) => p.steps.length)).toEqual([52, ...Array<number>(49).fill(2), 5, 2, 2, 2]);
    expect(events(paths[0]!)).toEqual(['go0', ...Array<string>(51).fill('next')]);
    expect(paths[50]!.steps.map((s) => JSON.stringify(s.state.value))).toEqual([
      '"s50"',
      '"s51"',
      '"s52"',
      '"s53"',
      '"s54"',
    ]);
    const taken = new Set(paths.flatMap((p) => pairsOf(expectedMicrosteps(models[0]!, p))));
    expect([...analysis.feasible.keys()].filter((key) => !taken.has(key))).toEqual([]);
  });
});
