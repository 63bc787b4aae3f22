import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { serviceDetailsMachine } from '#machines/serviceDetails.machine';
import { describePathTests } from './pathTest';

describePathTests({
  machine: serviceDetailsMachine,
  inputs: [{ known: true }, { known: false }],
  events: [],
});

describe('service details: the 3 s spinner', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the service after 3 s; an unknown id goes to /not-found at once', () => {
    vi.useFakeTimers();
    const actor = createActor(serviceDetailsMachine, { input: { known: true } }).start();
    vi.advanceTimersByTime(2999);
    expect(actor.getSnapshot().value).toBe('loading');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('shown');

    const goNotFound = vi.fn();
    createActor(serviceDetailsMachine.provide({ actions: { goNotFound } }), { input: { known: false } }).start();
    expect(goNotFound).toHaveBeenCalledTimes(1);
  });
});
