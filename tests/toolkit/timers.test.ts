/**
 * Two timers in one state (toolkit/engine.ts): the live clock fires the shorter delay first. The traversal offers
 * the longer one only where the shorter one takes no transition, and the replay moves the clock through the
 * shorter one (it fires, its guard false, nothing happens) until the chosen delay fires.
 */
import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, assign, createMachine, setup } from 'xstate';
import { generatePaths, type Path, type PathTestOptions, pureStart, replay, replayDetailed } from '#toolkit';

const options = (o: object) => o as PathTestOptions<AnyStateMachine>;
const walk = (path: Path) => path.steps.map((s) => [s.event.type, s.state.value, s.state.context]);

/** 'arm' makes the short timer's guard pass: then it wins, and the long one can never fire. */
const race = setup({
  types: { context: {} as { armed: boolean }, events: {} as { type: 'arm' } },
  guards: { isArmed: ({ context }) => context.armed },
}).createMachine({
  id: 'race',
  context: { armed: false },
  initial: 'wait',
  states: {
    wait: {
      on: { arm: { actions: assign({ armed: true }) } },
      after: { 1000: { guard: 'isArmed', target: 'quick' }, 5000: 'slow' },
    },
    quick: {},
    slow: {},
  },
});
const raceOptions = options({ machine: race, events: [] });
const SHORT = 'xstate.after.1000.race.wait';
const LONG = 'xstate.after.5000.race.wait';
const UNARMED = { armed: false };
const ARMED = { armed: true };

describe('two timers in one state', () => {
  it('offers the longer delay only where the shorter one, firing first, takes no transition', () => {
    expect(generatePaths(raceOptions).map(walk)).toEqual([
      [],
      [['arm', 'wait', ARMED]],
      // The short timer fires with its guard false: nothing happens.
      [[SHORT, 'wait', UNARMED]],
      [[LONG, 'slow', UNARMED]],
      [
        ['arm', 'wait', ARMED],
        ['arm', 'wait', ARMED],
      ],
      // Armed, the short timer wins: no path waits for the long one.
      [
        ['arm', 'wait', ARMED],
        [SHORT, 'quick', ARMED],
      ],
    ]);
  });

  it('replays the longer delay: the clock passes the shorter timer, which fires without a transition', async () => {
    const results = [];
    for (const path of generatePaths(raceOptions)) results.push(await replayDetailed(raceOptions, path));
    const unarmed = { guard: 'isArmed', outcome: false };
    const armed = { guard: 'isArmed', outcome: true };
    expect(results.map((r) => [r.microsteps, r.guards])).toEqual([
      [[], []],
      [[['race.wait|arm|0']], []],
      [[], [unarmed]],
      [[[`race.wait|${LONG}|0`]], [unarmed]],
      [[['race.wait|arm|0'], ['race.wait|arm|0']], []],
      [[['race.wait|arm|0'], [`race.wait|${SHORT}|0`]], [armed]],
    ]);
  });

  it('fails a path that waits for the longer delay where the shorter one takes a transition first', async () => {
    const [, arm, , long] = generatePaths(raceOptions);
    const path = { input: undefined, steps: [...arm!.steps, { ...long!.steps[0]!, state: arm!.steps[0]!.state }] };
    await expect(replay(raceOptions, path)).rejects.toThrow(
      `step 2 (${LONG}): an earlier timer (${SHORT}) took a transition first`,
    );
  });

  it('orders named delays, and a delay computed from the context, by their length', async () => {
    const timers = setup({
      types: { context: {} as { wait: number } },
      delays: { quick: 10, slow: 50, chosen: ({ context }) => context.wait },
    }).createMachine({
      id: 'timers',
      context: { wait: 30 },
      initial: 'a',
      states: { a: { after: { slow: 'c', chosen: 'b', quick: { guard: () => false, target: 'c' } } }, b: {}, c: {} },
    });
    const timersOptions = options({ machine: timers, events: [] });
    const paths = generatePaths(timersOptions);
    // 'slow' (50) comes after 'chosen' (30), which always takes its transition: it is never offered.
    expect(paths.map((p) => p.steps.map((s) => [s.event.type, s.state.value]))).toEqual([
      [],
      [['xstate.after.chosen.timers.a', 'b']],
      [['xstate.after.quick.timers.a', 'a']],
    ]);
    expect(await replay(timersOptions, paths[1]!)).toEqual(['timers.a|xstate.after.chosen.timers.a|0']);
  });

  it('moves the clock from where it stands: two regions’ timers, started after a first delay, fire apart', async () => {
    // At 100 ms both regions start their timers, due at 150 and 160 ms: the first step must not reach the second.
    const clocks = createMachine({
      id: 'clocks',
      initial: 'start',
      states: {
        start: { after: { 100: 'both' } },
        both: {
          type: 'parallel',
          states: {
            a: { initial: 'wait', states: { wait: { after: { 50: 'rang' } }, rang: {} } },
            b: { initial: 'wait', states: { wait: { after: { 60: 'rang' } }, rang: {} } },
          },
        },
      },
    });
    const clocksOptions = options({ machine: clocks, events: [] });
    const longest = generatePaths(clocksOptions).at(-1)!;
    expect(walk(longest).map(([, value]) => value)).toEqual([
      { both: { a: 'wait', b: 'wait' } },
      { both: { a: 'rang', b: 'wait' } },
      { both: { a: 'rang', b: 'rang' } },
    ]);
    expect(await replay(clocksOptions, longest)).toEqual([
      'clocks.start|xstate.after.100.clocks.start|0',
      'clocks.both.a.wait|xstate.after.50.clocks.both.a.wait|0',
      'clocks.both.b.wait|xstate.after.60.clocks.both.b.wait|0',
    ]);
  });

  it('names every earlier timer that fired with the one that took a transition', async () => {
    // Regions a and b both move at 1000 ms; a path that waits for c's 5000 ms cannot be replayed.
    const region = (delay: number) => ({ initial: 'w', states: { w: { after: { [delay]: 'x' } }, x: {} } });
    const tie = createMachine({
      id: 'tie',
      type: 'parallel',
      states: { a: region(1000), b: region(1000), c: region(5000) },
    });
    const path = {
      input: undefined,
      steps: [{ event: { type: 'xstate.after.5000.tie.c.w' }, state: pureStart(tie, undefined).snapshot }],
    };
    await expect(replay(options({ machine: tie, events: [] }), path)).rejects.toThrow(
      'step 1 (xstate.after.5000.tie.c.w): an earlier timer (xstate.after.1000.tie.a.w, xstate.after.1000.tie.b.w) ' +
        'took a transition first',
    );
  });

  it('leaves a lone timer’s delay unresolved: there is nothing to order it against', () => {
    // The delay reads the event that entered the state, which the model does not know.
    const lone = setup({ delays: { window: ({ event }) => (event.type === 'xstate.init' ? 100 : 200) } }).createMachine(
      {
        id: 'lone',
        initial: 'a',
        states: { a: { after: { window: 'b' } }, b: {} },
      },
    );
    expect(generatePaths(options({ machine: lone, events: [] })).map((p) => p.steps.map((s) => s.state.value))).toEqual(
      [[], ['b']],
    );
  });
});
