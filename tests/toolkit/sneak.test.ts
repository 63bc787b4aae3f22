/**
 * Sneak paths (toolkit/sneak.ts): every event a state does not handle is sent there, and the checks and the
 * changes they find are counted by hand.
 */
import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, assign, createMachine, fromPromise, setup } from 'xstate';
import { checkSneakPaths, exploreModel, knownEventTypes, type PathTestOptions } from '#toolkit';
import { shapes, shapesOptions } from './fixtures';

const options = (o: object) => o as PathTestOptions<AnyStateMachine>;
const sneak = (o: PathTestOptions<AnyStateMachine>) => checkSneakPaths(o, exploreModel(o));

describe('sneak paths', () => {
  it('knows the events someone outside could send, sorted, without XState’s own or wildcards', () => {
    expect(knownEventTypes(shapes)).toEqual(['flip', 'go', 'stop']);
    const wild = createMachine({
      id: 'wild',
      initial: 'a',
      states: { a: { on: { 'pre.*': 'b', '*': 'b', zed: 'b', 'pre.one': 'b' } }, b: { on: { alpha: 'a' } } },
    });
    expect(knownEventTypes(wild)).toEqual(['alpha', 'pre.one', 'zed']);
  });

  it('sends, in every active state, each known event it does not handle: shapes changes nothing', () => {
    // idle: flip, stop; loading: flip, both 'go' samples, stop; panel: both 'go' samples; done is final.
    expect(sneak(options(shapesOptions))).toEqual({ checked: 8, failures: [] });
  });

  it('treats an event matched by a wildcard as handled', () => {
    const wild = createMachine({
      id: 'wild',
      initial: 'a',
      states: { a: { on: { 'pre.*': 'b' } }, b: { on: { 'pre.one': 'a', 'pre.two': 'a', other: 'a' } } },
    });
    // Only 'other' is unhandled in a; b handles all three.
    expect(sneak(options({ machine: wild, events: [] }))).toEqual({ checked: 1, failures: [] });
  });

  it('matches a wildcard by its whole prefix, an exact type by itself, and "*" to everything', () => {
    const wild = createMachine({
      id: 'wild',
      initial: 'a',
      states: {
        // 'posts' is handled by neither 'pre.*' nor 'post'; 'other' by nothing here.
        a: { on: { 'pre.*': 'b', post: 'b' } },
        b: { on: { 'pre.one': 'c', post: 'a', posts: 'a', other: 'a' } },
        // Handles every event: nothing is a sneak path here.
        c: { on: { '*': 'a' } },
      },
    });
    expect(sneak(options({ machine: wild, events: [] }))).toEqual({ checked: 2, failures: [] });
  });

  it('sends a running child’s done and error events where the machine handles them elsewhere, not here', () => {
    const jobs = createMachine({
      id: 'jobs',
      initial: 'waiting',
      // Runs in every state.
      invoke: { id: 'job', src: fromPromise(async () => 1) },
      states: {
        waiting: { on: { pause: 'paused', 'xstate.done.actor.job': 'finished', 'xstate.error.actor.job': 'failed' } },
        paused: { on: { resume: 'waiting' } },
        finished: {},
        failed: {},
      },
    });
    // waiting: resume. paused: pause, the done and the error. finished and failed: pause, resume, done, error.
    const result = sneak(options({ machine: jobs, events: [] }));
    expect(result.checked).toBe(12);
    // An error nobody handles stops the machine (XState's rule): a sneak path in each of the three states.
    const crash = ['status active → error', 'executed xstate.stopChild', 'stopped job'];
    // Without a sample error in the suite's options, a plain one.
    const sent = { type: 'xstate.error.actor.job', error: new Error('failed') };
    expect(result.failures.map(({ state, event, changes }) => [JSON.parse(state).value, event, changes])).toEqual(
      ['paused', 'finished', 'failed'].map((value) => [value, sent, crash]),
    );
  });

  it('names every change an unhandled event makes: state, context, transition, actions, children', () => {
    const leaky = setup({
      types: {
        context: {} as { pokes: number },
        events: {} as { type: 'poke' } | { type: 'start' } | { type: 'stop' },
      },
      actors: { work: fromPromise(async () => 1) },
      actions: { note: () => {} },
    }).createMachine({
      id: 'leaky',
      context: { pokes: 0 },
      initial: 'idle',
      states: {
        idle: {
          on: { start: 'busy' },
          always: {
            guard: ({ event }) => event.type === 'poke',
            target: 'busy',
            actions: ['note', assign({ pokes: ({ context }) => context.pokes + 1 })],
          },
        },
        busy: { invoke: { id: 'job', src: 'work' }, on: { poke: {}, stop: 'idle' } },
      },
    });
    const result = sneak(options({ machine: leaky, events: [] }));
    // 'poke' and 'stop' in idle (only 'poke' lets the eventless transition fire), 'start' in busy.
    expect(result.checked).toBe(3);
    expect(result.failures).toEqual([
      {
        input: undefined,
        route: [],
        state: '{"value":"idle","context":{"pokes":0},"children":[]}',
        event: { type: 'poke' },
        changes: [
          'state "idle" → "busy"',
          'context changed',
          'took leaky.idle||0',
          'executed note, xstate.spawnChild',
          'started job',
        ],
      },
    ]);
  });

  it('sends a running child’s done and error events where nothing handles them, when they can happen', () => {
    const fragile = setup({
      types: { events: {} as { type: 'go' } },
      actors: { work: fromPromise(async () => 1) },
    }).createMachine({
      id: 'fragile',
      initial: 'busy',
      states: {
        busy: { invoke: { id: 'job', src: 'work' }, on: { go: 'waiting' } },
        waiting: { invoke: { id: 'job', src: 'work', onDone: 'busy' } },
      },
    });
    // Handled somewhere (in waiting), the done event is sent in busy, where it changes nothing; 'go' in waiting.
    const quiet = sneak(options({ machine: fragile, events: [] }));
    expect(quiet.checked).toBe(2);
    expect(quiet.failures.map((f) => [f.event, f.changes])).toEqual([]);
    // Given sample errors, the error event too, in both states: unhandled, it fails the machine.
    const loud = sneak(options({ machine: fragile, events: [], errors: { job: [new Error('boom')] } }));
    expect(loud.checked).toBe(4);
    expect(loud.failures.map((f) => [f.state, f.event, f.changes])).toEqual([
      [
        '{"value":"busy","context":{},"children":["job"]}',
        { type: 'xstate.error.actor.job', error: new Error('boom') },
        ['status active → error', 'executed xstate.stopChild', 'stopped job'],
      ],
      [
        '{"value":"waiting","context":{},"children":["job"]}',
        { type: 'xstate.error.actor.job', error: new Error('boom') },
        ['status active → error', 'executed xstate.stopChild', 'stopped job'],
      ],
    ]);
  });
});
