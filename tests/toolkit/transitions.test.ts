/**
 * The graph walker (toolkit/transitions.ts): every state node and every defined transition, in definition order,
 * keyed by source, event and place, and labelled for a person.
 */
import { describe, expect, it } from 'vitest';
import { type AnyStateNode, createMachine, setup } from 'xstate';
import {
  allStateNodes,
  allTransitions,
  childStates,
  definedTransitions,
  guardName,
  transitionKey,
  transitionLabel,
  transitionsOf,
} from '#toolkit';
import { counter, shapes } from './fixtures';

const ids = (nodes: AnyStateNode[]) => nodes.map((node) => node.id);

describe('the graph walker', () => {
  it('walks every state depth-first, in definition order, the node first', () => {
    expect(ids(allStateNodes(shapes.root))).toEqual([
      'shapes',
      'shapes.idle',
      'shapes.loading',
      'shapes.panel',
      'shapes.panel.left',
      'shapes.panel.left.a',
      'shapes.panel.left.b',
      'shapes.panel.right',
      'shapes.panel.right.c',
      'shapes.done',
    ]);
    expect(ids(childStates(shapes.root))).toEqual(['shapes.idle', 'shapes.loading', 'shapes.panel', 'shapes.done']);
    expect(childStates(shapes.states.done!)).toEqual([]);
  });

  it('names and keys every transition: guarded candidates, done, error, delay, parallel, eventless', () => {
    expect(definedTransitions(shapes)).toEqual([
      { key: 'shapes.idle|go|0', label: 'shapes.idle --go [isBig]--> shapes.loading' },
      { key: 'shapes.idle|go|1', label: 'shapes.idle --go--> shapes.panel' },
      {
        key: 'shapes.loading|xstate.done.actor.job|0',
        label: 'shapes.loading --xstate.done.actor.job--> shapes.panel',
      },
      {
        key: 'shapes.loading|xstate.error.actor.job|0',
        label: 'shapes.loading --xstate.error.actor.job--> shapes.idle',
      },
      {
        key: 'shapes.loading|xstate.after.soon.shapes.loading|0',
        label: 'shapes.loading --xstate.after.soon.shapes.loading--> shapes.idle',
      },
      { key: 'shapes.panel|stop|0', label: 'shapes.panel --stop--> shapes.done' },
      { key: 'shapes.panel.left.a|flip|0', label: 'shapes.panel.left.a --flip--> shapes.panel.left.b' },
      { key: 'shapes.panel.left.b||0', label: 'shapes.panel.left.b --always--> shapes.panel.left.a' },
    ]);
    expect(allTransitions(shapes)).toHaveLength(8);
  });

  it('lists a node’s transitions by event, then its eventless ones, each keyed by its place', () => {
    const mixed = createMachine({
      id: 'm',
      initial: 'a',
      states: {
        a: {
          on: { x: [{ target: 'b', guard: 'one' }, { target: 'c' }], y: 'c' },
          always: [
            { target: 'b', guard: 'two' },
            { target: 'c', guard: 'three' },
          ],
        },
        b: {},
        c: {},
      },
    });
    const own = transitionsOf(mixed.states.a!);
    expect(own.map(transitionKey)).toEqual(['m.a|x|0', 'm.a|x|1', 'm.a|y|0', 'm.a||0', 'm.a||1']);
    expect(own.map(transitionLabel)).toEqual([
      'm.a --x [one]--> m.b',
      'm.a --x--> m.c',
      'm.a --y--> m.c',
      'm.a --always [two]--> m.b',
      'm.a --always [three]--> m.c',
    ]);
    expect(transitionsOf(mixed.states.b!)).toEqual([]);
  });

  it('labels a transition without target as staying, and a multi-target one with every target', () => {
    const [add, clear, full] = allTransitions(counter);
    expect(transitionLabel(add!)).toBe('counter.open --add [hasRoom]--> (stays)');
    expect(transitionLabel(clear!)).toBe('counter.open --clear--> (stays)');
    expect(transitionLabel(full!)).toBe('counter.open --full [guard]--> counter.closed');
    const twin = createMachine({
      id: 't',
      type: 'parallel',
      states: {
        p: { initial: 'a', states: { a: {}, b: {} } },
        q: { initial: 'c', states: { c: {}, d: {} }, on: { both: { target: ['#t.p.b', '#t.q.d'] } } },
      },
    });
    expect(definedTransitions(twin)).toEqual([{ key: 't.q|both|0', label: 't.q --both--> t.p.b, t.q.d' }]);
  });

  it('names a guard by its name, its type, its function or, failing all, "guard"', () => {
    const anonymous = [() => true][0]!;
    const machine = setup({ guards: { named: () => true } }).createMachine({
      id: 'g',
      initial: 'a',
      states: {
        a: {
          on: {
            plain: 'b',
            byName: { guard: 'named', target: 'b' },
            byObject: { guard: { type: 'named', params: { n: 1 } }, target: 'b' },
            byFunction: {
              guard: function isLate() {
                return true;
              },
              target: 'b',
            },
            byNothing: { guard: anonymous, target: 'b' },
          },
        },
        b: {},
      },
    });
    expect(allTransitions(machine).map(guardName)).toEqual(['', 'named', 'named', 'isLate', 'guard']);
  });
});
