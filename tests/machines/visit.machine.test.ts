import { afterEach, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { UNKNOWN_PLACE, visitMachine, type Geolocation } from '#machines/visit.machine';
import { describePathTests } from './pathTest';

const london: Geolocation = {
  country_code: 'GB',
  country_name: 'United Kingdom',
  city: 'London',
  postal: 'EC1A',
  latitude: 51.5,
  longitude: -0.12,
  IPv4: '203.0.113.7',
  state: 'England',
};

describePathTests({
  machine: visitMachine,
  inputs: [{ user: null, visitor: 'visitor-1' }],
  events: [],
  outputs: { locate: [london] },
  errors: { locate: [new Error('unreachable')], recordVisit: [new Error('Network Error')] },
});

afterEach(() => vi.useRealTimers());

it('records nulls when the geolocation service does not answer within 3 s', async () => {
  vi.useFakeTimers();
  const recordVisit = vi.fn(async (_input: unknown) => {});
  createActor(
    visitMachine.provide({
      actors: {
        locate: fromPromise(() => new Promise<Geolocation>(() => {})),
        recordVisit: fromPromise(({ input }) => recordVisit(input)),
      },
    }),
    { input: { user: 'user-1', visitor: 'visitor-1' } },
  ).start();
  await vi.advanceTimersByTimeAsync(2999);
  expect(recordVisit).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(1);
  expect(recordVisit).toHaveBeenCalledWith({ user: 'user-1', visitor: 'visitor-1', place: UNKNOWN_PLACE });
});

const nowhere = {
  country_code: null,
  country_name: null,
  city: null,
  postal: null,
  latitude: null,
  longitude: null,
  IPv4: null,
  state: null,
};

/** Runs the machine to its end and returns what it recorded. */
async function recorded(locate?: () => Promise<Geolocation>) {
  const recordVisit = vi.fn(async (_input: unknown) => {});
  const actor = createActor(
    visitMachine.provide({
      actors: {
        ...(locate && { locate: fromPromise(locate) }),
        recordVisit: fromPromise(({ input }) => recordVisit(input)),
      },
    }),
    { input: { user: null, visitor: 'visitor-2' } },
  ).start();
  await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
  expect(recordVisit).toHaveBeenCalledTimes(1);
  return recordVisit.mock.calls[0]![0];
}

it('records the place the geolocation service found', async () => {
  expect(await recorded(async () => london)).toEqual({ user: null, visitor: 'visitor-2', place: london });
});

it('records every field of the place as null when the service fails, or when none is wired in', async () => {
  const failing = async (): Promise<Geolocation> => {
    throw new Error('unreachable');
  };
  expect(await recorded(failing)).toEqual({ user: null, visitor: 'visitor-2', place: nowhere });
  expect(await recorded()).toEqual({ user: null, visitor: 'visitor-2', place: nowhere });
});
