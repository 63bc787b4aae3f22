import { loginSamples } from '../model/samples';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { loginMachine } from '../../machines/login.machine';
import { adaSession } from './fixtures';
import { describePathTests } from './pathTest';

describePathTests({
  machine: loginMachine,
  ...loginSamples,
  errors: {
    loginRequest: [new Error('Invalid e-mail or password.'), new Error('')],
    googleRequest: [new Error('The sign-in window was closed.')],
  },
  // Field values multiply states without adding shapes; the error is what matters.
  serializeState: (snapshot) =>
    JSON.stringify({ value: snapshot.value, error: snapshot.context.error, filled: snapshot.context.email !== '' }),
  check: (snapshot) => {
    if (!snapshot.matches('editing')) expect(snapshot.context.error).toBeNull();
  },
});

describe('login: the rules of the screen', () => {
  afterEach(() => vi.useRealTimers());

  function start(request: (input: { email: string; password: string }) => Promise<typeof adaSession>) {
    const signIn = vi.fn();
    const goHome = vi.fn();
    const actor = createActor(
      loginMachine.provide({
        actors: { loginWithEmail: fromPromise(({ input }) => request(input)) },
        actions: { signIn: (_, session) => signIn(session), goHome },
      }),
    ).start();
    return { actor, signIn, goHome };
  }

  it('sends the trimmed e-mail, hands the session on and goes home', async () => {
    const request = vi.fn(async (_input: { email: string; password: string }) => adaSession);
    const { actor, signIn, goHome } = start(request);
    actor.send({ type: 'login.change', field: 'email', value: '  ada@example.com ' });
    actor.send({ type: 'login.change', field: 'password', value: ' secret ' });
    actor.send({ type: 'login.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(request).toHaveBeenCalledWith({ email: 'ada@example.com', password: ' secret ' });
    expect(signIn).toHaveBeenCalledWith(adaSession);
    expect(goHome).toHaveBeenCalledTimes(1);
  });

  it("shows the server's text, or 'Network Error' without one; typing clears it", async () => {
    const { actor } = start(async () => {
      throw new Error('Invalid e-mail or password.');
    });
    actor.send({ type: 'login.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe('Invalid e-mail or password.'));
    actor.send({ type: 'login.change', field: 'password', value: 'x' });
    expect(actor.getSnapshot().context.error).toBeNull();

    const silent = start(async () => {
      throw new Error('');
    });
    silent.actor.send({ type: 'login.submit' });
    await vi.waitFor(() => expect(silent.actor.getSnapshot().context.error).toBe('Network Error'));
  });

  it('clears the spinner after 1.5 s while the request is still out', () => {
    vi.useFakeTimers();
    const { actor } = start(() => new Promise(() => {}));
    actor.send({ type: 'login.submit' });
    expect(actor.getSnapshot().matches({ submitting: 'spinning' })).toBe(true);
    vi.advanceTimersByTime(1499);
    expect(actor.getSnapshot().matches({ submitting: 'spinning' })).toBe(true);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().matches({ submitting: 'waiting' })).toBe(true);
  });
});
