/**
 * The phone's share of the browser paths (toolkit/screens.ts): of the covering paths, the fewest that still show
 * every leaf state and take every event a person causes, chosen by greatest gain, the shorter (then the earlier)
 * path among equals, and kept in their own order.
 */
import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, createMachine, setup } from 'xstate';
import { coveringPaths, leafStates, type PathTestOptions, screenCover, screenItems } from '#toolkit';
import { shapes, shapesOptions } from './fixtures';

const options = (o: object) => o as PathTestOptions<AnyStateMachine>;
const eventsOf = (chosen: { path: { steps: { event: { type: string } }[] } }[]) =>
  chosen.map((c) => c.path.steps.map((s) => s.event.type));

describe('leaf states', () => {
  it('names a simple state, a child and each region of a parallel state', () => {
    expect(leafStates('idle')).toEqual(['idle']);
    expect(leafStates({ panel: 'a' })).toEqual(['panel.a']);
    expect(leafStates({ panel: { left: 'a', right: { deep: 'c' } } })).toEqual(['panel.left.a', 'panel.right.deep.c']);
    // A parallel region with no children of its own is a leaf.
    expect(leafStates({ panel: { left: {}, right: 'c' } })).toEqual(['panel.left', 'panel.right.c']);
  });
});

describe('what a path shows and does', () => {
  it("counts the start, every state reached and each of a person's events once, not a child's result or a timer", async () => {
    const paths = coveringPaths(options(shapesOptions));
    expect(paths.map((p) => screenItems(shapes, p))).toEqual([
      ['state:idle', 'event:go', 'state:panel.left.a', 'state:panel.right.c', 'event:flip'],
      ['state:idle', 'event:go', 'state:loading', 'state:panel.left.a', 'state:panel.right.c'],
      ['state:idle', 'event:go', 'state:loading'],
      ['state:idle', 'event:go', 'state:loading'],
      ['state:idle', 'event:go', 'state:panel.left.a', 'state:panel.right.c', 'event:stop', 'state:done'],
    ]);
  });

  it('starts from the state the input leads to', async () => {
    const split = setup({ types: { input: {} as { a: boolean }, context: {} as { a: boolean } } }).createMachine({
      id: 'split',
      context: ({ input }) => ({ a: input.a }),
      initial: 'start',
      states: {
        start: { always: [{ guard: ({ context }) => context.a, target: 'p' }, { target: 's' }] },
        p: { on: { x: 's' } },
        s: {},
      },
    });
    const paths = coveringPaths(options({ machine: split, inputs: [{ a: true }, { a: false }], events: [] }));
    expect(paths.map((p) => [p.path.input, screenItems(split, p)])).toEqual([
      [{ a: true }, ['state:p', 'event:x', 'state:s']],
      [{ a: false }, ['state:s']],
    ]);
  });
});

describe('the paths a phone runs', () => {
  it('shows every state and event of shapes in three of its five covering paths, in their order', async () => {
    const paths = coveringPaths(options(shapesOptions));
    // go, stop (six items) first; then flip and loading, one each: the earliest of equals.
    expect(eventsOf(screenCover(shapes, paths))).toEqual([
      ['go', 'flip'],
      ['go', 'xstate.done.actor.job'],
      ['go', 'stop'],
    ]);
  });

  it('prefers the shorter path among equal gains, then the earlier one', async () => {
    // p leads to q by x or v, or through t by z then k; from q, y ends it. The paths are written by hand.
    const fork = createMachine({
      id: 'fork',
      initial: 'p',
      states: {
        p: { on: { x: 'q', z: 't', v: 'q' } },
        t: { on: { k: 'q' } },
        q: { on: { y: 'end' } },
        end: {},
      },
    });
    const a = { path: { input: undefined, steps: [] }, transitions: [] };
    const step = (type: string, value: string) => ({
      event: { type },
      state: { value } as never,
    });
    const viaZ = { ...a, path: { input: undefined, steps: [step('z', 't'), step('k', 'q'), step('y', 'end')] } };
    const viaX = { ...a, path: { input: undefined, steps: [step('x', 'q'), step('y', 'end')] } };
    const viaV = { ...a, path: { input: undefined, steps: [step('v', 'q'), step('y', 'end')] } };
    // viaZ shows the most (p, z, t, k, q, y, end); then x and v gain one each, in paths as long: the earlier.
    expect(eventsOf(screenCover(fork, [viaX, viaZ, viaV]))).toEqual([
      ['x', 'y'],
      ['z', 'k', 'y'],
      ['v', 'y'],
    ]);
    const longX = { ...a, path: { input: undefined, steps: [step('x', 'q'), step('y', 'end'), step('y', 'end')] } };
    // Among equal gains, the shorter path wins even when it comes later.
    expect(eventsOf(screenCover(fork, [viaZ, longX, viaX]))).toEqual([
      ['z', 'k', 'y'],
      ['x', 'y'],
    ]);
    // A shorter path that gains less is not taken first: here it would add nothing once viaZ is in.
    const justZ = { ...a, path: { input: undefined, steps: [step('z', 't')] } };
    expect(eventsOf(screenCover(fork, [viaZ, justZ]))).toEqual([['z', 'k', 'y']]);
  });

  it('keeps one path when the start is all there is, and none when there are none', async () => {
    const once = createMachine({ id: 'one', initial: 'a', states: { a: { always: 'b' }, b: {} } });
    const paths = coveringPaths(options({ machine: once, events: [] }));
    expect(screenCover(once, paths)).toEqual(paths);
    expect(screenCover(once, [])).toEqual([]);
  });
});
