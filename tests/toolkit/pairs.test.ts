/**
 * Transition pairs (toolkit/pairs.ts) on the fixture `shapes`, worked out by hand. Its eight transitions are
 * T1 idle --go [isBig]--> loading, T2 idle --go--> panel, T3 loading --done--> panel, T4 loading --error--> idle,
 * T5 loading --after--> idle, T6 panel --stop--> done, T7 left.a --flip--> left.b, T8 left.b --always--> left.a.
 * The structure allows 17 pairs: T1 then T3, T4 or T5; T2 or T3 then T6, T7 or T8; T4 or T5 then T1 or T2; T7 then
 * T6 or T8; T8 then T6 or T7; nothing after T6. Three cannot happen: left.b is never active after T2 or T3, and T7
 * is always followed by T8 in the same step.
 */
import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, createMachine, fromPromise, setup } from 'xstate';
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
        b: { always: { guard: 'never', target: 'c' }, on: { back: 'a' } },
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
