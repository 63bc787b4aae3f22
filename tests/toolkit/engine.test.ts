/**
 * The engine (toolkit/engine.ts): the traversal, one path per edge with its microsteps, and the replay on a live
 * actor, checked step by step against machines whose every path is known by hand.
 */
import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, createMachine, setup } from 'xstate';
import {
  defaultSerialize,
  exploreModel,
  generatePaths,
  type Path,
  type PathTestOptions,
  pureStart,
  pureStep,
  replay,
  replayDetailed,
  takenMicrosteps,
} from '#toolkit';
import { shapes, shapesOptions, watch, watchOptions } from './fixtures';

const options = (o: object) => o as PathTestOptions<AnyStateMachine>;
/** A path as its events, the state value after each, and the microsteps each takes. */
const walk = (path: Path) => path.steps.map((s) => [s.event.type, s.state.value, s.microsteps]);

const GO_BIG = ['go', 'loading', [['shapes.idle|go|0']]];
const GO_SMALL = ['go', { panel: { left: 'a', right: 'c' } }, [['shapes.idle|go|1']]];

describe('generated paths', () => {
  it('makes the start alone, then one path per edge: the shortest route to its source, then the edge', () => {
    const paths = generatePaths(options(shapesOptions));
    expect(paths.map(walk)).toEqual([
      [],
      [GO_BIG],
      [GO_SMALL],
      [
        GO_BIG,
        ['xstate.done.actor.job', { panel: { left: 'a', right: 'c' } }, [['shapes.loading|xstate.done.actor.job|0']]],
      ],
      [GO_BIG, ['xstate.error.actor.job', 'idle', [['shapes.loading|xstate.error.actor.job|0']]]],
      [GO_BIG, ['xstate.after.soon.shapes.loading', 'idle', [['shapes.loading|xstate.after.soon.shapes.loading|0']]]],
      [GO_SMALL, ['stop', 'done', [['shapes.panel|stop|0']]]],
      [
        GO_SMALL,
        ['flip', { panel: { left: 'a', right: 'c' } }, [['shapes.panel.left.a|flip|0'], ['shapes.panel.left.b||0']]],
      ],
    ]);
    // Each sample is sent as given: the two 'go' samples, the sample output and the sample error.
    expect(paths.map((p) => p.steps.at(-1)?.event)).toEqual([
      undefined,
      { type: 'go', big: true },
      { type: 'go', big: false },
      { type: 'xstate.done.actor.job', output: 7 },
      { type: 'xstate.error.actor.job', error: new Error('lost') },
      { type: 'xstate.after.soon.shapes.loading' },
      { type: 'stop' },
      { type: 'flip' },
    ]);
    expect(paths.every((p) => p.input === undefined)).toBe(true);
  });

  it('sends a bare event, an undefined output and a plain error when the suite gives no sample', () => {
    const paths = generatePaths(options({ machine: shapes, events: [] }));
    expect(paths.map((p) => p.steps.map((s) => s.event))).toEqual([
      [],
      [{ type: 'go' }],
      [{ type: 'go' }, { type: 'stop' }],
      [{ type: 'go' }, { type: 'flip' }],
    ]);
    const loading = generatePaths(options({ machine: shapes, events: [{ type: 'go', big: true }] }));
    expect(loading.map((p) => p.steps.at(-1)?.event)).toEqual([
      undefined,
      { type: 'go', big: true },
      { type: 'xstate.done.actor.job', output: undefined },
      { type: 'xstate.error.actor.job', error: new Error('failed') },
      { type: 'xstate.after.soon.shapes.loading' },
      // The job's output leads to the panel.
      { type: 'stop' },
      { type: 'flip' },
    ]);
  });

  it('never sends a wildcard or a state’s done event itself: the machine raises those', () => {
    const machine = createMachine({
      id: 'raised',
      initial: 'form',
      states: {
        form: {
          initial: 'editing',
          states: { editing: { on: { submit: 'sent' } }, sent: { type: 'final' } },
          onDone: 'thanks',
          on: { '*': '.editing' },
        },
        thanks: {},
      },
    });
    const paths = generatePaths(options({ machine, events: [] }));
    expect(paths.map(walk)).toEqual([
      [],
      [['submit', 'thanks', [['raised.form.editing|submit|0'], ['raised.form|xstate.done.state.raised.form|0']]]],
    ]);
  });

  it('traverses once per input, following a child’s sample snapshots', () => {
    const paths = generatePaths(options(watchOptions));
    const snap = (seen: number) => ['xstate.snapshot.src', 'on', seen, [['watch.on|xstate.snapshot.src|0']]];
    const slow = (seen: number) => [
      'xstate.after.slow.watch.on',
      'off',
      seen,
      [['watch.on|xstate.after.slow.watch.on|0']],
    ];
    expect(
      paths.map((p) => [
        p.input,
        p.steps.map((s) => [s.event.type, s.state.value, s.state.context.seen, s.microsteps]),
      ]),
    ).toEqual([
      [{ start: 1 }, []],
      [{ start: 1 }, [snap(5)]],
      [{ start: 1 }, [slow(1)]],
      [{ start: 1 }, [snap(5), snap(5)]],
      [{ start: 1 }, [snap(5), slow(5)]],
      [{ start: 5 }, []],
      [{ start: 5 }, [snap(5)]],
      [{ start: 5 }, [slow(5)]],
    ]);
    // Without sample snapshots the child passes none on.
    expect(generatePaths(options({ ...watchOptions, snapshots: undefined })).map(walk)).toEqual([
      [],
      [['xstate.after.slow.watch.on', 'off', [['watch.on|xstate.after.slow.watch.on|0']]]],
      [],
      [['xstate.after.slow.watch.on', 'off', [['watch.on|xstate.after.slow.watch.on|0']]]],
    ]);
  });

  it('keeps each state’s shortest route and its edges, and stops where told', () => {
    const [model] = exploreModel(options(shapesOptions));
    const states = [...model!.nodes.values()].map((node) => [
      node.snapshot.value,
      node.route.length,
      node.edges.length,
    ]);
    expect(states).toEqual([
      ['idle', 0, 2],
      ['loading', 1, 3],
      [{ panel: { left: 'a', right: 'c' } }, 1, 2],
      ['done', 2, 0],
    ]);
    expect(model!.initialKey).toBe('{"value":"idle","context":{},"children":[]}');
    expect(model!.initialMicrosteps).toEqual([]);
    const stopped = exploreModel(
      options({ ...shapesOptions, stopWhen: (s: { value: unknown }) => s.value === 'loading' }),
    );
    expect([...stopped[0]!.nodes.values()].map((node) => [node.snapshot.value, node.edges.length])).toEqual([
      ['idle', 2],
      ['loading', 0],
      [{ panel: { left: 'a', right: 'c' } }, 2],
      ['done', 0],
    ]);
  });

  it('tells states apart by the caller’s key, and offers only the events the filter lets through', () => {
    const byValue = options({ ...shapesOptions, serializeState: (s: { value: unknown }) => JSON.stringify(s.value) });
    expect([...exploreModel(byValue)[0]!.nodes.keys()]).toEqual([
      '"idle"',
      '"loading"',
      '{"panel":{"left":"a","right":"c"}}',
      '"done"',
    ]);
    const noStop = options({ ...shapesOptions, filterEvents: (_s: unknown, e: { type: string }) => e.type !== 'stop' });
    expect(generatePaths(noStop).map((p) => p.steps.map((s) => s.event.type))).toEqual([
      [],
      ['go'],
      ['go'],
      ['go', 'xstate.done.actor.job'],
      ['go', 'xstate.error.actor.job'],
      ['go', 'xstate.after.soon.shapes.loading'],
      ['go', 'flip'],
    ]);
  });
});

describe('events of child actors', () => {
  // The machine handles the job's events at its root, but the job runs only in a.
  const parent = createMachine({
    id: 'parent',
    initial: 'a',
    on: { 'xstate.done.actor.job': '.b', 'xstate.error.actor.job': '.b', 'xstate.snapshot.job': {} },
    states: { a: { invoke: { id: 'job', src: 'work' }, on: { x: 'b' } }, b: { on: { y: 'a' } } },
  }).provide({ actors: { work: createMachine({}) as never } });

  it('offers a child’s done, error and snapshot events only while the child runs', () => {
    const paths = generatePaths(options({ machine: parent, events: [], snapshots: { job: [{ status: 'active' }] } }));
    expect(paths.map((p) => p.steps.map((s) => [s.event.type, s.state.value]))).toEqual([
      [],
      [['xstate.done.actor.job', 'b']],
      [['xstate.error.actor.job', 'b']],
      [['xstate.snapshot.job', 'a']],
      [['x', 'b']],
      [
        ['xstate.done.actor.job', 'b'],
        ['y', 'a'],
      ],
    ]);
  });

  it('counts only the machine’s own microsteps, not those of a child machine', async () => {
    const child = createMachine({ id: 'child', initial: 'x', states: { x: { always: 'y' }, y: {} } });
    const host = createMachine({ id: 'host', initial: 'a', states: { a: { invoke: { id: 'kid', src: child } } } });
    expect(await replayDetailed(options({ machine: host, events: [] }), { input: undefined, steps: [] })).toEqual({
      transitions: [],
      microsteps: [],
      guards: [],
    });
  });
});

describe('pure steps', () => {
  it('records the microsteps and the actions a start and a step ask for, running none', () => {
    const start = pureStart(watch, { start: 1 });
    expect(start.microsteps).toEqual([]);
    expect(start.actions).toEqual(['announce', 'xstate.raise', 'xstate.spawnChild']);
    expect(defaultSerialize(start.snapshot)).toBe('{"value":"on","context":{"seen":1},"children":["src"]}');
    const ping = pureStep(watch, start.snapshot, { type: 'ping' });
    expect(ping.microsteps).toEqual([['watch.on|ping|0'], []]);
    expect(ping.actions).toEqual(['xstate.raise', 'xstate.emit', 'xstate.stopChild']);
    expect(defaultSerialize(ping.snapshot)).toBe('{"value":"on","context":{"seen":1},"children":[]}');
  });

  it('takes the eventless transitions of the start, and keeps only the microsteps that took one', () => {
    const hop = createMachine({ id: 'hop', initial: 'a', states: { a: { always: 'b' }, b: { always: 'c' }, c: {} } });
    expect(pureStart(hop, undefined).microsteps).toEqual([['hop.a||0'], ['hop.b||0']]);
    expect(takenMicrosteps([['x'], [], ['y', 'z'], []])).toEqual([['x'], ['y', 'z']]);
  });

  it('serialises an error by its message and the children by id, sorted', () => {
    const snapshot = {
      value: { a: 'b' },
      context: { problem: new Error('gone'), n: 1 },
      children: { zed: {}, alpha: {} },
    };
    expect(defaultSerialize(snapshot as never)).toBe(
      '{"value":{"a":"b"},"context":{"problem":"Error(gone)","n":1},"children":["alpha","zed"]}',
    );
  });
});

describe('replay on a live actor', () => {
  it('takes, step by step, the transitions and guard outcomes the model expects', async () => {
    const results = [];
    for (const path of generatePaths(options(shapesOptions)))
      results.push(await replayDetailed(options(shapesOptions), path));
    const big = { guard: 'isBig', outcome: true };
    const small = { guard: 'isBig', outcome: false };
    expect(results.map((r) => [r.microsteps, r.guards])).toEqual([
      [[], []],
      [[['shapes.idle|go|0']], [big]],
      [[['shapes.idle|go|1']], [small]],
      [[['shapes.idle|go|0'], ['shapes.loading|xstate.done.actor.job|0']], [big]],
      [[['shapes.idle|go|0'], ['shapes.loading|xstate.error.actor.job|0']], [big]],
      [[['shapes.idle|go|0'], ['shapes.loading|xstate.after.soon.shapes.loading|0']], [big]],
      [[['shapes.idle|go|1'], ['shapes.panel|stop|0']], [small]],
      [[['shapes.idle|go|1'], ['shapes.panel.left.a|flip|0'], ['shapes.panel.left.b||0']], [small]],
    ]);
    expect(results.map((r) => r.transitions)).toEqual(results.map((r) => r.microsteps.flat()));
    const last = generatePaths(options(shapesOptions)).at(-1)!;
    expect(await replay(options(shapesOptions), last)).toEqual([
      'shapes.idle|go|1',
      'shapes.panel.left.a|flip|0',
      'shapes.panel.left.b||0',
    ]);
  });

  it('replays the eventless start and a child’s snapshots, and runs the check after every step', async () => {
    const hop = createMachine({ id: 'hop', initial: 'a', states: { a: { always: 'b' }, b: {} } });
    expect(await replayDetailed(options({ machine: hop, events: [] }), { input: undefined, steps: [] })).toEqual({
      transitions: ['hop.a||0'],
      microsteps: [['hop.a||0']],
      guards: [],
    });
    const seen: number[] = [];
    const checked = options({
      ...watchOptions,
      check: (s: { context: { seen: number } }) => seen.push(s.context.seen),
    });
    const [, , , twice] = generatePaths(checked);
    expect((await replayDetailed(checked, twice!)).transitions).toEqual([
      'watch.on|xstate.snapshot.src|0',
      'watch.on|xstate.snapshot.src|0',
    ]);
    expect(seen).toEqual([5, 5]);
  });

  it('fails, naming the step, where the live actor parts from the model', async () => {
    const path = generatePaths(options(shapesOptions))[3]!; // go, then the job's output
    const other = options({ ...shapesOptions, serializeState: () => String(Math.random()) });
    await expect(replay(other, path)).rejects.toThrow(/^step 1 \(go\)/);
    const wrongState = { ...path, steps: [path.steps[0]!, { ...path.steps[1]!, state: path.steps[0]!.state }] };
    await expect(replay(options(shapesOptions), wrongState)).rejects.toThrow(/^step 2 \(xstate\.done\.actor\.job\)/);
  });

  it('fails a path that makes a finished child finish again', async () => {
    const path = generatePaths(options(shapesOptions))[3]!; // go, then the job's output
    const again = { ...path, steps: [...path.steps, path.steps[1]!] };
    await expect(replay(options(shapesOptions), again)).rejects.toThrow(
      "step 3 (xstate.done.actor.job): actor 'job' is running",
    );
  });

  it('fails a step whose child is not running, or whose delay an earlier timer prevents', async () => {
    const [, big] = generatePaths(options(shapesOptions));
    const orphan = (type: string) => ({ input: undefined, steps: [{ ...big!.steps[0]!, event: { type } }] });
    await expect(replay(options(shapesOptions), orphan('xstate.done.actor.job'))).rejects.toThrow(
      "step 1 (xstate.done.actor.job): actor 'job' is running",
    );
    await expect(replay(options(shapesOptions), orphan('xstate.error.actor.job'))).rejects.toThrow(
      "step 1 (xstate.error.actor.job): actor 'job' is running",
    );
    await expect(
      replay(options(watchOptions), {
        input: { start: 1 },
        steps: [{ ...big!.steps[0]!, event: { type: 'xstate.snapshot.feed' } }],
      }),
    ).rejects.toThrow("step 1 (xstate.snapshot.feed): actor 'feed' is running");
    await expect(replay(options(shapesOptions), orphan('xstate.after.soon.shapes.loading'))).rejects.toThrow(
      'a timer is pending',
    );
    const twoTimers = setup({ delays: { quick: 10, slow: 50 } }).createMachine({
      id: 'timers',
      initial: 'a',
      states: { a: { after: { quick: 'b', slow: 'c' } }, b: {}, c: {} },
    });
    // The quick timer always wins: the traversal never offers the slow one, and a path that waits for it fails.
    const [, quick] = generatePaths(options({ machine: twoTimers, events: [] }));
    expect(quick!.steps.map((s) => s.event.type)).toEqual(['xstate.after.quick.timers.a']);
    const slow = { input: undefined, steps: [{ ...quick!.steps[0]!, event: { type: 'xstate.after.slow.timers.a' } }] };
    await expect(replay(options({ machine: twoTimers, events: [] }), slow)).rejects.toThrow(
      'step 1 (xstate.after.slow.timers.a): an earlier timer (xstate.after.quick.timers.a) took a transition first',
    );
  });
});
