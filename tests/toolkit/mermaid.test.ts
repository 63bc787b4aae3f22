/**
 * The Mermaid diagram (toolkit/mermaid.ts) of small machines, as exact text: states nested as in the machine,
 * initial and final markers, parallel regions, notes for invoked actors, then every transition in order.
 */
import { describe, expect, it } from 'vitest';
import { createMachine, fromCallback, setup } from 'xstate';
import { allTransitions, edgeLabel, eventLabel, machineToMermaid, mermaidId } from '#toolkit';
import { shapes } from './fixtures';

describe('Mermaid diagrams', () => {
  it('draws shapes exactly', () => {
    expect(machineToMermaid(shapes).split('\n')).toEqual([
      'stateDiagram-v2',
      '  state "idle" as shapes_idle',
      '  state "loading" as shapes_loading',
      '  state "panel" as shapes_panel',
      '  state shapes_panel {',
      '    state "left" as shapes_panel_left',
      '    state shapes_panel_left {',
      '      state "a" as shapes_panel_left_a',
      '      state "b" as shapes_panel_left_b',
      '      [*] --> shapes_panel_left_a',
      '    }',
      '    --',
      '    state "right" as shapes_panel_right',
      '    state shapes_panel_right {',
      '      state "c" as shapes_panel_right_c',
      '      [*] --> shapes_panel_right_c',
      '    }',
      '  }',
      '  state "done" as shapes_done',
      '  [*] --> shapes_idle',
      '  shapes_done --> [*]',
      '  note right of shapes_loading : invokes load (id job)',
      '  shapes_idle --> shapes_loading : go [isBig]',
      '  shapes_idle --> shapes_panel : go',
      '  shapes_loading --> shapes_panel : done: job',
      '  shapes_loading --> shapes_idle : error: job',
      '  shapes_loading --> shapes_idle : after soon',
      '  shapes_panel --> shapes_done : stop',
      '  shapes_panel_left_a --> shapes_panel_left_b : flip',
      '  shapes_panel_left_b --> shapes_panel_left_a : always',
    ]);
  });

  it('draws a parallel machine as one box, with history states, snapshots and a root that invokes', () => {
    const both = setup({ actors: { feed: fromCallback(() => () => {}) } }).createMachine({
      id: 'both',
      type: 'parallel',
      invoke: { src: 'feed', id: 'feed', onSnapshot: {} },
      on: { reset: '.left.x' },
      states: {
        left: {
          initial: 'x',
          states: { x: { on: { go: 'y' } }, y: { on: { back: 'h' } }, h: { type: 'history', history: 'deep' } },
        },
        right: { initial: 'm', states: { m: { type: 'history' }, n: { type: 'final' } }, onDone: 'left.x' },
      },
    });
    expect(machineToMermaid(both).split('\n')).toEqual([
      'stateDiagram-v2',
      '  state "both" as both',
      '  state both {',
      '    state "left" as both_left',
      '    state both_left {',
      '      state "x" as both_left_x',
      '      state "y" as both_left_y',
      '      state "h (deep history)" as both_left_h',
      '      [*] --> both_left_x',
      '    }',
      '    --',
      '    state "right" as both_right',
      '    state both_right {',
      '      state "m (history)" as both_right_m',
      '      state "n" as both_right_n',
      '      [*] --> both_right_m',
      '      both_right_n --> [*]',
      '    }',
      '  }',
      '  [*] --> both',
      '  note right of both : invokes feed',
      '  both --> both_left_x : reset',
      '  both --> both : snapshot: feed',
      '  both_left_x --> both_left_y : go',
      '  both_left_y --> both_left_h : back',
      '  both_right --> both_left_x : onDone',
    ]);
  });

  it('notes what the machine itself invokes, and refuses two states that become one Mermaid id', () => {
    const root = createMachine({
      id: 'root',
      invoke: { src: 'a.b', id: 'one' },
      initial: 'a',
      states: { a: { on: { 'say;"hi"#': 'b' } }, b: {} },
    });
    expect(machineToMermaid(root).split('\n')).toEqual([
      'stateDiagram-v2',
      '  %% the machine itself invokes a.b (id one)',
      '  state "a" as root_a',
      '  state "b" as root_b',
      '  [*] --> root_a',
      '  root_a --> root_b : say  hi',
    ]);
    const clash = createMachine({ id: 'c', initial: 'a_b', states: { a_b: {}, 'a-b': {} } });
    expect(() => machineToMermaid(clash)).toThrow("states 'c.a_b' and 'c.a-b' both become 'c_a_b' in Mermaid");
  });

  it('names XState’s own events in words, and cuts the source id off a delay', () => {
    expect(mermaidId('a.b-c d')).toBe('a_b_c_d');
    const labels = allTransitions(shapes).map(eventLabel);
    expect(labels).toEqual(['go', 'go', 'done: job', 'error: job', 'after soon', 'stop', 'flip', 'always']);
    const fake = (eventType: string) => ({ eventType, source: { id: 'm.s' }, guard: undefined }) as never;
    expect(eventLabel(fake('xstate.after.500.m.s'))).toBe('after 500');
    expect(eventLabel(fake('xstate.after.500.other'))).toBe('after 500.other');
    expect(eventLabel(fake('xstate.done.state.m.s'))).toBe('onDone');
    expect(eventLabel(fake('xstate.snapshot.kid'))).toBe('snapshot: kid');
    expect(edgeLabel({ ...(fake('go') as object), guard: 'ok' } as never)).toBe('go [ok]');
    expect(edgeLabel(fake(' "x" '))).toBe('x');
  });
});
