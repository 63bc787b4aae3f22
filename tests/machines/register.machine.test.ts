import { registerSamples } from '../model/samples';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { registerMachine } from '../../machines/register.machine';
import { adaSession } from './fixtures';
import { describePathTests } from './pathTest';

describePathTests({
  machine: registerMachine,
  ...registerSamples,
  errors: {
    registerRequest: [new Error('An account with this e-mail already exists.')],
    googleRequest: [new Error('')],
  },
  serializeState: (snapshot) =>
    JSON.stringify({ value: snapshot.value, agreed: snapshot.context.agreed, error: snapshot.context.error }),
  check: (snapshot) => {
    // Nothing is sent unless the terms box is ticked.
    if (!snapshot.matches('editing')) {
      expect(snapshot.context.agreed).toBe(true);
      expect(snapshot.context.error).toBeNull();
    }
  },
});

describe('register: the rules of the screen', () => {
  afterEach(() => vi.useRealTimers());

  it('ignores both Continue buttons until the terms box is ticked', () => {
    const actor = createActor(registerMachine).start();
    actor.send({ type: 'register.submit' });
    actor.send({ type: 'register.google' });
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('sends trimmed name and e-mail and stores the session', async () => {
    const request = vi.fn(async (_input: { name: string; email: string; password: string }) => adaSession);
    const signIn = vi.fn();
    const goHome = vi.fn();
    const actor = createActor(
      registerMachine.provide({
        actors: { registerWithEmail: fromPromise(({ input }) => request(input)) },
        actions: { signIn: (_, session) => signIn(session), goHome },
      }),
    ).start();
    actor.send({ type: 'register.change', field: 'name', value: ' Ada ' });
    actor.send({ type: 'register.change', field: 'email', value: ' ada@example.com' });
    actor.send({ type: 'register.change', field: 'password', value: 'long enough' });
    actor.send({ type: 'register.agree', agreed: true });
    actor.send({ type: 'register.submit' });
    await vi.waitFor(() => expect(goHome).toHaveBeenCalled());
    expect(request).toHaveBeenCalledWith({ name: 'Ada', email: 'ada@example.com', password: 'long enough' });
    expect(signIn).toHaveBeenCalledWith(adaSession);
  });

  it('clears the spinner within 1.5 s', () => {
    vi.useFakeTimers();
    const actor = createActor(
      registerMachine.provide({
        actors: { registerWithEmail: fromPromise(() => new Promise<typeof adaSession>(() => {})) },
      }),
    ).start();
    actor.send({ type: 'register.agree', agreed: true });
    actor.send({ type: 'register.submit' });
    vi.advanceTimersByTime(1500);
    expect(actor.getSnapshot().matches({ submitting: 'waiting' })).toBe(true);
  });
});
