import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { appStartMachine } from '#machines/appStart.machine';
import { describePathTests } from './pathTest';

describePathTests({
  machine: appStartMachine,
  events: [{ type: 'appStart.authSettled' }, { type: 'appStart.consentAccepted' }],
});

describe('appStart: the numbers docs/product.md sets', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the welcome line at 1.5 s and leaves the splash at 3 s when the check was quick', () => {
    vi.useFakeTimers();
    const actor = createActor(appStartMachine).start();
    actor.send({ type: 'appStart.authSettled' });
    vi.advanceTimersByTime(1499);
    expect(actor.getSnapshot().matches({ splash: { message: 'moment' } })).toBe(true);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().matches({ splash: { message: 'welcome' } })).toBe(true);
    vi.advanceTimersByTime(1499);
    expect(actor.getSnapshot().matches('splash')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });

  it('waits past 3 s for a slow check', () => {
    vi.useFakeTimers();
    const actor = createActor(appStartMachine).start();
    vi.advanceTimersByTime(10_000);
    expect(actor.getSnapshot().matches('splash')).toBe(true);
    actor.send({ type: 'appStart.authSettled' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });
});

describe('appStart: the visit is recorded only with consent', () => {
  afterEach(() => vi.useRealTimers());

  /**
   * In the app, the root app machine tells appStart when the check has an answer (here at once) and when the
   * visitor accepts; the test decides when that is.
   */
  function withConsent(acceptedAtStart: boolean) {
    const recordVisit = vi.fn();
    const actor = createActor(appStartMachine.provide({ actions: { recordVisit } })).start();
    actor.send({ type: 'appStart.authSettled' });
    const accept = () => actor.send({ type: 'appStart.consentAccepted' });
    if (acceptedAtStart) accept();
    return { actor, recordVisit, accept };
  }

  it('records at once when the splash ends if the visitor had accepted, and only once', () => {
    vi.useFakeTimers();
    const { actor, recordVisit, accept } = withConsent(true);
    vi.advanceTimersByTime(2999);
    expect(recordVisit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toEqual({ ready: 'visitRecorded' });
    accept();
    expect(recordVisit).toHaveBeenCalledTimes(1);
  });

  it('waits for a later acceptance; without one it never records', () => {
    vi.useFakeTimers();
    const waiting = withConsent(false);
    vi.advanceTimersByTime(60_000);
    expect(waiting.actor.getSnapshot().value).toEqual({ ready: 'awaitingConsent' });
    expect(waiting.recordVisit).not.toHaveBeenCalled();
    waiting.accept();
    waiting.accept();
    expect(waiting.actor.getSnapshot().value).toEqual({ ready: 'visitRecorded' });
    expect(waiting.recordVisit).toHaveBeenCalledTimes(1);
  });
});
