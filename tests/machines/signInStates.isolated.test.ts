/**
 * What the states the Login and Register screens share (machines/lib/signInStates.ts) compute, seen through
 * the login machine, in a file of its own that imports it before each test and has no generated paths: a
 * machine that cannot be built or explored then fails these tests instead of a file's collection, which the
 * mutation runner would not count as a failure (login.machine.test.ts has the paths).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type * as LoginModule from '../../machines/login.machine';
import type { Session } from '../../domain/types';
import { adaSession } from './fixtures';

let login: typeof LoginModule;
beforeEach(async () => {
  login = await import('../../machines/login.machine');
});

const never = <T>() => new Promise<T>(() => {});

function start(
  actors: {
    checkGoogle?: () => Promise<boolean>;
    loginWithEmail?: () => Promise<Session>;
    continueWithGoogle?: () => Promise<Session>;
  } = {},
) {
  const signedIn: Session[] = [];
  let wentHome = 0;
  const actor = createActor(
    login.loginMachine.provide({
      actors: {
        checkGoogle: fromPromise(actors.checkGoogle ?? (() => never<boolean>())),
        loginWithEmail: fromPromise(actors.loginWithEmail ?? (() => never<Session>())),
        continueWithGoogle: fromPromise(actors.continueWithGoogle ?? (() => never<Session>())),
      },
      actions: {
        signIn: (_, session) => signedIn.push(session),
        goHome: () => (wentHome += 1),
      },
    }),
  ).start();
  return { actor, signedIn, wentHome: () => wentHome };
}

describe('sign-in states: whether the site offers Google', () => {
  it('asks the client config at once', () => {
    const { actor } = start();
    expect(actor.getSnapshot().context.google).toBe('checking');
    expect(Object.keys(actor.getSnapshot().children)).toEqual(['googleAvailability']);
  });

  it.each([
    [() => Promise.resolve(true), 'available'],
    [() => Promise.resolve(false), 'unavailable'],
    [() => Promise.reject(new Error('Network Error')), 'unknown'],
  ] as const)('%#: the answer is kept as %s', async (checkGoogle, google) => {
    const { actor } = start({ checkGoogle });
    await vi.waitFor(() => expect(actor.getSnapshot().context.google).toBe(google));
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('without a checkGoogle actor provided, it is not known', async () => {
    const actor = createActor(login.loginMachine).start();
    await vi.waitFor(() => expect(actor.getSnapshot().context.google).toBe('unknown'));
  });
});

describe('sign-in states: a request', () => {
  afterEach(() => vi.useRealTimers());

  it('spins for 1.5 s at most, then waits with the buttons disabled', () => {
    vi.useFakeTimers();
    const { actor } = start();
    actor.send({ type: 'login.submit' });
    expect(actor.getSnapshot().value).toEqual({ submitting: 'spinning' });
    vi.advanceTimersByTime(1499);
    expect(actor.getSnapshot().value).toEqual({ submitting: 'spinning' });
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toEqual({ submitting: 'waiting' });
  });

  it('a session signs in once, goes home once and ends the screen', async () => {
    const { actor, signedIn, wentHome } = start({ loginWithEmail: async () => adaSession });
    actor.send({ type: 'login.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(actor.getSnapshot().value).toBe('succeeded');
    expect(signedIn).toEqual([adaSession]);
    expect(wentHome()).toBe(1);
  });

  it("an error goes back to editing with the error's text", async () => {
    const { actor, signedIn } = start({ loginWithEmail: () => Promise.reject(new Error('Too many attempts.')) });
    actor.send({ type: 'login.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
    expect(actor.getSnapshot().context.error).toBe('Too many attempts.');
    expect(signedIn).toEqual([]);
  });

  it('the Google request runs under its own id and ends like the e-mail request', async () => {
    const google = start({ checkGoogle: async () => true, continueWithGoogle: async () => adaSession });
    google.actor.send({ type: 'login.google' });
    expect(Object.keys(google.actor.getSnapshot().children)).toContain('googleRequest');
    await vi.waitFor(() => expect(google.actor.getSnapshot().status).toBe('done'));
    expect(google.signedIn).toEqual([adaSession]);
    expect(google.wentHome()).toBe(1);

    const refused = start({ continueWithGoogle: () => Promise.reject(new Error('The window was closed.')) });
    refused.actor.send({ type: 'login.google' });
    await vi.waitFor(() => expect(refused.actor.getSnapshot().value).toBe('editing'));
    expect(refused.actor.getSnapshot().context.error).toBe('The window was closed.');
  });

  it('without a continueWithGoogle actor provided, the error names it', async () => {
    const actor = createActor(login.loginMachine).start();
    actor.send({ type: 'login.google' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe('continueWithGoogle is not provided'));
  });
});
