/**
 * Guard outcomes (toolkit/guards.ts): which named guards a machine has, every evaluation seen on a live actor, and
 * the outcomes never seen.
 */
import { describe, expect, it } from 'vitest';
import { and, createActor, not, or, setup, stateIn } from 'xstate';
import { type GuardOutcome, guardInventory, missingGuardOutcomes, observeGuards, tallyGuards } from '#toolkit';
import { counter, shapes } from './fixtures';

const layered = setup({
  types: { events: {} as { type: 'go'; n: number } },
  guards: {
    isBig: ({ event }) => event.n > 10,
    isOdd: ({ event }) => event.n % 2 === 1,
    either: or(['isBig', 'isOdd']),
    alias: 'isBig' as never,
  },
}).createMachine({
  id: 'layered',
  initial: 'a',
  states: {
    a: {
      on: {
        go: [
          { guard: 'either', target: 'b' },
          { guard: and(['isOdd', not({ type: 'hidden' })]), target: 'b' },
          { guard: stateIn('#layered.a'), target: 'c' },
        ],
      },
    },
    b: {},
    c: {},
  },
});

describe('guard outcomes', () => {
  it('lists the named guards, inside and/or/not too, and the inline ones it cannot watch', () => {
    expect(guardInventory(shapes)).toEqual({ named: ['isBig'], unobservable: [] });
    expect(guardInventory(counter)).toEqual({ named: ['hasRoom'], unobservable: ['inline guard guard'] });
    expect(guardInventory(layered)).toEqual({
      named: ['alias', 'either', 'hidden', 'isBig', 'isOdd'],
      unobservable: [],
    });
    const anonymous = [() => true][0]!;
    const inline = setup({}).createMachine({ initial: 'a', states: { a: { on: { x: { guard: anonymous } } } } });
    expect(guardInventory(inline)).toEqual({ named: [], unobservable: ['an anonymous inline guard'] });
  });

  it('names a guard referred to only by name, in a transition or inside a higher-order implementation', () => {
    const zeta = function zeta() {
      return true;
    };
    const alpha = function alpha() {
      return true;
    };
    // inB is XState's stateIn: it tests the state, and names no guard inside it.
    const bare = setup({
      guards: { both: and(['deep', not('deeper')]) as never, inB: stateIn('#bare.b') },
    }).createMachine({
      id: 'bare',
      initial: 'a',
      states: {
        a: {
          on: {
            x: { guard: 'byName' as never, target: 'b' },
            y: { guard: { type: 'byType' } as never, target: 'b' },
            z: { guard: zeta, target: 'b' },
            w: { guard: alpha, target: 'b' },
          },
        },
        b: {},
      },
    });
    expect(guardInventory(bare)).toEqual({
      named: ['both', 'byName', 'byType', 'deep', 'deeper', 'inB'],
      unobservable: ['inline guard alpha', 'inline guard zeta'],
    });
  });

  it('reports every evaluation of a named guard, higher-order ones included, and keeps their outcome', () => {
    const seen: GuardOutcome[] = [];
    // 'hidden' is named only inside not(): the machine has no code for it, so this test gives it.
    const guards = { ...observeGuards(layered, (o) => seen.push(o)), hidden: () => false };
    const watched = layered.provide({ guards: guards as never });
    expect(Object.keys(observeGuards(layered, () => {})).sort()).toEqual(['either', 'isBig', 'isOdd']);
    const send = (n: number) => {
      seen.length = 0;
      const actor = createActor(watched).start();
      actor.send({ type: 'go', n });
      const value = actor.getSnapshot().value;
      actor.stop();
      return [value, [...seen]];
    };
    expect(send(12)).toEqual([
      'b',
      [
        { guard: 'isBig', outcome: true },
        { guard: 'either', outcome: true },
      ],
    ]);
    expect(send(4)).toEqual([
      'c',
      [
        { guard: 'isBig', outcome: false },
        { guard: 'isOdd', outcome: false },
        { guard: 'either', outcome: false },
        { guard: 'isOdd', outcome: false },
      ],
    ]);
  });

  it('reports an outcome as a boolean, and returns what the guard returned', () => {
    const loose = setup({
      guards: { some: ({ event }) => (event as unknown as { n: number }).n as unknown as boolean },
    });
    const machine = loose.createMachine({
      initial: 'a',
      states: { a: { on: { go: { guard: 'some', target: 'b' } } }, b: {} },
    });
    const seen: GuardOutcome[] = [];
    const guards = observeGuards(machine, (o) => seen.push(o));
    expect(guards.some!({ event: { n: 3 } }, undefined)).toBe(3);
    expect(guards.some!({ event: { n: 0 } }, undefined)).toBe(0);
    expect(seen).toEqual([
      { guard: 'some', outcome: true },
      { guard: 'some', outcome: false },
    ]);
  });

  it('tallies the outcomes per guard, and names those never seen, in name order', () => {
    const outcomes = [
      { guard: 'b', outcome: true },
      { guard: 'b', outcome: true },
      { guard: 'a', outcome: false },
      { guard: 'extra', outcome: true },
    ];
    const tally = tallyGuards(['b', 'a', 'c'], outcomes);
    expect(tally).toEqual({
      b: { true: 2, false: 0 },
      a: { true: 0, false: 1 },
      c: { true: 0, false: 0 },
      extra: { true: 1, false: 0 },
    });
    expect(missingGuardOutcomes(tally)).toEqual(['a=true', 'b=false', 'c=true', 'c=false', 'extra=false']);
    expect(missingGuardOutcomes(tallyGuards(['a'], [...outcomes, { guard: 'a', outcome: true }]))).toEqual([
      'b=false',
      'extra=false',
    ]);
  });
});
