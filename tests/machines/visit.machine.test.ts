import { afterEach, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { UNKNOWN_PLACE, visitMachine, type Geolocation } from '../../machines/visit.machine';
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
