import { registerSamples } from './samples';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { GOOGLE_ERRORS } from '#machines/googleSignIn.machine';
import { registerMachine } from '#machines/register.machine';
import { adaSession } from './fixtures';
import { describePathTests } from './pathTest';

describePathTests({
  machine: registerMachine,
  ...registerSamples,
  errors: {
    registerRequest: [new Error('An account with this e-mail already exists.')],
    googleRequest: [new Error('')],
    googleAvailability: [new Error('Network Error')],
  },
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      agreed: snapshot.context.agreed,
      error: snapshot.context.error,
      google: snapshot.context.google,
    }),
  check: (snapshot) => {
    // Nothing is sent unless the terms box is ticked.
    if (!snapshot.matches('editing')) {
      expect(snapshot.context.agreed).toBe(true);
      expect(snapshot.context.error).toBeNull();
    }
    // A site known to have no Google sign-in has no Google button: no press, so nothing to say about it.
    expect(snapshot.context.error).not.toBe(GOOGLE_ERRORS.unavailable);
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

  it('clears the spinner within 1.5 s on the Google path too, while the popup is still open', () => {
    vi.useFakeTimers();
    const actor = createActor(
      registerMachine.provide({
        actors: { continueWithGoogle: fromPromise(() => new Promise<typeof adaSession>(() => {})) },
      }),
    ).start();
    actor.send({ type: 'register.agree', agreed: true });
    actor.send({ type: 'register.google' });
    expect(actor.getSnapshot().matches({ withGoogle: 'spinning' })).toBe(true);
    vi.advanceTimersByTime(1499);
    expect(actor.getSnapshot().matches({ withGoogle: 'spinning' })).toBe(true);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().matches({ withGoogle: 'waiting' })).toBe(true);
    // Still waiting for the popup: the buttons stay disabled (not editing), the error slot empty.
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('goes nowhere near the popup when the client config has no Google: the screen offers no Google button', async () => {
    const popup = vi.fn(async () => adaSession);
    const actor = createActor(
      registerMachine.provide({
        actors: { checkGoogle: fromPromise(async () => false), continueWithGoogle: fromPromise(popup) },
      }),
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().context.google).toBe('unavailable'));
    actor.send({ type: 'register.agree', agreed: true });
    expect(actor.getSnapshot().can({ type: 'register.google' })).toBe(false);
    actor.send({ type: 'register.google' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(popup).not.toHaveBeenCalled();
  });
});

describe('register: left unwired', () => {
  it('says which request is missing instead of signing in', async () => {
    const signIn = vi.fn();
    const actor = createActor(registerMachine.provide({ actions: { signIn } })).start();
    actor.send({ type: 'register.agree', agreed: true });
    actor.send({ type: 'register.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
    expect(actor.getSnapshot().context.error).toBe('registerWithEmail is not provided');
    expect(signIn).not.toHaveBeenCalled();
  });
});
