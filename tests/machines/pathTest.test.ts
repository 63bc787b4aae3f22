/** The harness itself: it must see a transition no path takes, and a live actor that disagrees with the model. */
import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import { generatePaths, replay, type PathTestOptions } from './pathTest';
import { definedTransitions } from '../../toolkit';

const toy = setup({
  types: { context: {} as { count: number }, events: {} as { type: 'go' } | { type: 'never' } },
  actors: { work: fromPromise<number>(async () => 1) },
  delays: { soon: 100 },
}).createMachine({
  id: 'toy',
  context: { count: 0 },
  initial: 'idle',
  states: {
    idle: { on: { go: 'working' } },
    working: {
      invoke: {
        id: 'job',
        src: 'work',
        onDone: { target: 'done', actions: assign({ count: ({ event }) => event.output }) },
      },
      after: { soon: 'late' },
    },
    late: {},
    done: {},
    orphan: { on: { never: 'idle' } },
  },
});

async function coverage(options: PathTestOptions<typeof toy>) {
  const taken = new Set<string>();
  for (const path of generatePaths(options as never))
    for (const key of await replay(options as never, path)) taken.add(key);
  return definedTransitions(toy)
    .filter((t) => !taken.has(t.key))
    .map((t) => t.label);
}

describe('path test harness', () => {
  it('names the transition that no path can reach', async () => {
    expect(await coverage({ machine: toy, events: [], outputs: { job: [1] } })).toEqual([
      'toy.orphan --never--> toy.idle',
    ]);
  });

  it('replays actor results and delays on a live actor', async () => {
    const paths = generatePaths({ machine: toy, events: [], outputs: { job: [7] } } as never);
    const ends = paths.map((path) => JSON.stringify(path.steps.at(-1)?.state.value));
    expect(ends).toEqual(expect.arrayContaining(['"done"', '"late"']));
    for (const path of paths) await expect(replay({ machine: toy, events: [] } as never, path)).resolves.toBeDefined();
  });

  it('fails a path whose live state differs from the model', async () => {
    const [path] = generatePaths({ machine: toy, events: [], outputs: { job: [7] } } as never).filter(
      (p) => p.steps.at(-1)?.state.value === 'done',
    );
    const lying = toy.provide({ actions: {} });
    const broken = { machine: lying, events: [], serializeState: () => String(Math.random()) };
    await expect(replay(broken as never, path!)).rejects.toThrow();
  });
});
