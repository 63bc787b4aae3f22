/**
 * The covering subset (toolkit/cover.ts): of the generated paths, the fewest that still take every transition,
 * chosen by greatest gain, the shorter (then the earlier) path among equals.
 */
import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, createMachine, setup } from 'xstate';
import { coveringPaths, type PathTestOptions } from '#toolkit';
import { shapesOptions } from './fixtures';

const options = (o: object) => o as PathTestOptions<AnyStateMachine>;

describe('covering paths', () => {
  it('takes every transition of shapes in five of its eight paths', async () => {
    const chosen = coveringPaths(options(shapesOptions));
    expect(chosen.map((c) => [c.path.steps.map((s) => s.event.type), c.transitions])).toEqual([
      [
        ['go', 'flip'],
        ['shapes.idle|go|1', 'shapes.panel.left.a|flip|0', 'shapes.panel.left.b||0'],
      ],
      [
        ['go', 'xstate.done.actor.job'],
        ['shapes.idle|go|0', 'shapes.loading|xstate.done.actor.job|0'],
      ],
      [
        ['go', 'xstate.error.actor.job'],
        ['shapes.idle|go|0', 'shapes.loading|xstate.error.actor.job|0'],
      ],
      [
        ['go', 'xstate.after.soon.shapes.loading'],
        ['shapes.idle|go|0', 'shapes.loading|xstate.after.soon.shapes.loading|0'],
      ],
      [
        ['go', 'stop'],
        ['shapes.idle|go|1', 'shapes.panel|stop|0'],
      ],
    ]);
  });

  it('prefers the shorter path among equal gains, then the earlier one', async () => {
    // Input a starts in p (x then y, or z then k, three transitions each); input b starts in s (w, two).
    const split = setup({
      types: { input: {} as { a: boolean }, context: {} as { a: boolean } },
    }).createMachine({
      id: 'split',
      context: ({ input }) => ({ a: input.a }),
      initial: 'start',
      states: {
        start: { always: [{ guard: ({ context }) => context.a, target: 'p' }, { target: 's' }] },
        p: { on: { x: 'q', z: 't' } },
        q: { on: { y: 'end' } },
        t: { on: { k: 'end' } },
        s: { on: { w: 'end' } },
        end: {},
      },
    });
    const chosen = coveringPaths(options({ machine: split, inputs: [{ a: true }, { a: false }], events: [] }));
    // x, y wins over z, k (as long, earlier); then w (two new, shorter) over z, k (two new); then z, k.
    expect(chosen.map((c) => [c.path.input, c.path.steps.map((s) => s.event.type), c.transitions])).toEqual([
      [{ a: true }, ['x', 'y'], ['split.start||0', 'split.p|x|0', 'split.q|y|0']],
      [{ a: false }, ['w'], ['split.start||1', 'split.s|w|0']],
      [{ a: true }, ['z', 'k'], ['split.start||0', 'split.p|z|0', 'split.t|k|0']],
    ]);
  });

  it('lists each transition of a path once, and chooses the start alone when it is enough', async () => {
    const hop = createMachine({ id: 'hop', initial: 'a', states: { a: { always: 'b' }, b: { on: { x: 'b' } } } });
    const chosen = coveringPaths(options({ machine: hop, events: [] }));
    expect(chosen.map((c) => [c.path.steps.map((s) => s.event.type), c.transitions])).toEqual([
      [['x'], ['hop.a||0', 'hop.b|x|0']],
    ]);
    const once = createMachine({ id: 'one', initial: 'a', states: { a: { always: 'b' }, b: {} } });
    expect(coveringPaths(options({ machine: once, events: [] })).map((c) => [c.path, c.transitions])).toEqual([
      [{ input: undefined, steps: [] }, ['one.a||0']],
    ]);
  });
});
