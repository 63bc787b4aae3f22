import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { appStartMachine, type AppStartEvent } from '../../machines/appStart.machine';
import { describePathTests } from './pathTest';

describePathTests({
  machine: appStartMachine,
  events: [{ type: 'appStart.authSettled' }, { type: 'appStart.consentAccepted' }],
});

describe('appStart: the spec numbers', () => {
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

  /** A stand-in for the consent actor: the test decides when the visitor accepts. */
  function withConsent(acceptedAtStart: boolean) {
    const recordVisit = vi.fn();
    let accept: () => void = () => {};
    const actor = createActor(
      appStartMachine.provide({
        actions: { recordVisit },
        actors: {
          waitForAuth: fromCallback<AppStartEvent>(({ sendBack }) => sendBack({ type: 'appStart.authSettled' })),
          waitForConsent: fromCallback<AppStartEvent>(({ sendBack }) => {
            accept = () => sendBack({ type: 'appStart.consentAccepted' });
            if (acceptedAtStart) accept();
          }),
        },
      }),
    ).start();
    return { actor, recordVisit, accept: () => accept() };
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
