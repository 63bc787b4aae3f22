import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { signOutEverywhereMachine } from '#machines/signOutEverywhere.machine';
import { describePathTests } from './pathTest';
import { signOutEverywhereSamples } from './samples';
import { type Answer, scriptedService } from './scriptedService';

describePathTests({ machine: signOutEverywhereMachine, ...signOutEverywhereSamples });

function control(answers: Answer<string>[]) {
  const calls: unknown[] = [];
  const announced: string[] = [];
  const errors: string[] = [];
  const actor = createActor(
    signOutEverywhereMachine.provide({
      actors: { endOtherSessions: scriptedService(calls, answers) },
      actions: {
        announce: (_, { message }) => void announced.push(message),
        showError: (_, { message }) => void errors.push(message),
      },
    }),
  ).start();
  return { actor, calls, announced, errors };
}

describe('"Sign out everywhere"', () => {
  it('asks first; Cancel ends nothing, Confirm ends the other sessions and says how many', async () => {
    const run = control(['Signed out on 2 other devices. This device stays signed in.']);
    run.actor.send({ type: 'signOutEverywhere.confirm' });
    expect(run.actor.getSnapshot().value).toBe('idle');
    run.actor.send({ type: 'signOutEverywhere.start' });
    expect(run.actor.getSnapshot().value).toBe('confirming');
    run.actor.send({ type: 'signOutEverywhere.cancel' });
    expect(run.actor.getSnapshot().value).toBe('idle');
    expect(run.calls).toEqual([]);
    run.actor.send({ type: 'signOutEverywhere.start' });
    run.actor.send({ type: 'signOutEverywhere.confirm' });
    expect(run.actor.getSnapshot().value).toBe('ending');
    // Pressed again while it goes on, nothing more is sent.
    run.actor.send({ type: 'signOutEverywhere.start' });
    await vi.waitFor(() => expect(run.actor.getSnapshot().value).toBe('idle'));
    expect(run.calls).toHaveLength(1);
    expect(run.announced).toEqual(['Signed out on 2 other devices. This device stays signed in.']);
    expect(run.errors).toEqual([]);
  });

  it('says why it failed, and may be asked again', async () => {
    const run = control([new Error('Network Error'), 'You were signed in nowhere else. This device stays signed in.']);
    for (let i = 0; i < 2; i += 1) {
      run.actor.send({ type: 'signOutEverywhere.start' });
      run.actor.send({ type: 'signOutEverywhere.confirm' });
      await vi.waitFor(() => expect(run.actor.getSnapshot().value).toBe('idle'));
    }
    expect(run.errors).toEqual(['Network Error']);
    expect(run.announced).toEqual(['You were signed in nowhere else. This device stays signed in.']);
  });

  it('without its call wired in, says which is missing', async () => {
    const errors: string[] = [];
    const actor = createActor(
      signOutEverywhereMachine.provide({ actions: { showError: (_, { message }) => void errors.push(message) } }),
    ).start();
    actor.send({ type: 'signOutEverywhere.start' });
    actor.send({ type: 'signOutEverywhere.confirm' });
    await vi.waitFor(() => expect(errors).toEqual(['endOtherSessions is not provided']));
  });
});
