import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { appStartMachine } from '../../machines/appStart.machine';
import { describePathTests } from './pathTest';

describePathTests({
  machine: appStartMachine,
  events: [{ type: 'appStart.authSettled' }],
});

describe('appStart: the spec numbers', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the welcome line at 1.5 s and leaves the splash at 3 s when the check was quick', () => {
    vi.useFakeTimers();
    const appReady = vi.fn();
    const actor = createActor(appStartMachine.provide({ actions: { appReady } })).start();
    actor.send({ type: 'appStart.authSettled' });
    vi.advanceTimersByTime(1499);
    expect(actor.getSnapshot().matches({ splash: { message: 'moment' } })).toBe(true);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().matches({ splash: { message: 'welcome' } })).toBe(true);
    vi.advanceTimersByTime(1499);
    expect(actor.getSnapshot().matches('splash')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(appReady).toHaveBeenCalledTimes(1);
  });

  it('waits past 3 s for a slow check', () => {
    vi.useFakeTimers();
    const actor = createActor(appStartMachine).start();
    vi.advanceTimersByTime(10_000);
    expect(actor.getSnapshot().matches('splash')).toBe(true);
    actor.send({ type: 'appStart.authSettled' });
    expect(actor.getSnapshot().value).toBe('ready');
  });
});
