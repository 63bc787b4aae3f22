import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, spawnChild } from 'xstate';
import { authMachine, REVOKE_SESSION_ID, type RevokeSessionInput } from '#machines/auth.machine';
import type { User } from '#domain/types';
import { ada, adaSession, renamedSession } from './fixtures';
import { describePathTests } from './pathTest';
import { authSamples } from './samples';

describePathTests({
  machine: authMachine,
  ...authSamples,
  check: (snapshot) => {
    // Signed in exactly when a user is known.
    expect(snapshot.matches('signedIn')).toBe(snapshot.context.user !== null);
  },
});

describe('auth: side effects', () => {
  function start(authenticate: () => Promise<typeof ada>) {
    const spies = {
      persistToken: vi.fn(),
      forgetSession: vi.fn(),
      /** The revokeSession actor, with the input it was started with. */
      revokeSession: vi.fn(),
      announceLogout: vi.fn(),
    };
    const actor = createActor(
      authMachine.provide({
        actors: {
          authenticate: fromPromise(authenticate),
          revokeSession: fromPromise<void, RevokeSessionInput>(async ({ input }) => spies.revokeSession(input)),
        },
        actions: {
          persistToken: (_, params) => spies.persistToken(params.token),
          forgetSession: spies.forgetSession,
          announceLogout: spies.announceLogout,
        },
      }),
    ).start();
    return { actor, spies };
  }

  it('a failed check forgets the stored session', async () => {
    const { actor, spies } = start(() => Promise.reject(new Error('')));
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('signedOut'));
    expect(spies.forgetSession).toHaveBeenCalledTimes(1);
  });

  it('signing in stores the token; logout revokes it, forgets it and announces it once', async () => {
    const { actor, spies } = start(() => Promise.reject(new Error('')));
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('signedOut'));
    actor.send({ type: 'auth.signedIn', session: adaSession });
    expect(spies.persistToken).toHaveBeenCalledWith('token-1');
    expect(actor.getSnapshot().context.user).toEqual(ada);
    actor.send({ type: 'auth.updated', session: renamedSession });
    expect(spies.persistToken).toHaveBeenLastCalledWith('token-2');
    expect(actor.getSnapshot().context.user?.name).toBe('Ada King');
    actor.send({ type: 'auth.logout' });
    // The revocation is an actor of its own, started as logout begins (the machine holds no token to hand it).
    expect(spies.revokeSession).toHaveBeenCalledTimes(1);
    expect(spies.revokeSession).toHaveBeenCalledWith({ token: null });
    expect(spies.forgetSession).toHaveBeenCalledTimes(2);
    expect(spies.announceLogout).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('an expired session signs out without the logout toast', async () => {
    const { actor, spies } = start(() => Promise.resolve(ada));
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('signedIn'));
    actor.send({ type: 'auth.expired' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(spies.announceLogout).not.toHaveBeenCalled();
    expect(spies.revokeSession).not.toHaveBeenCalled();
  });
});

describe('auth: the server revocation', () => {
  it('gets the token as it was when logout began, before forgetSession removes it', async () => {
    let stored: string | null = null;
    const revoked: (string | null)[] = [];
    const actor = createActor(
      authMachine.provide({
        actors: {
          authenticate: fromPromise(() => Promise.reject(new Error(''))),
          revokeSession: fromPromise<void, RevokeSessionInput>(async ({ input }) => {
            revoked.push(input.token);
          }),
        },
        actions: {
          persistToken: (_, { token }) => {
            stored = token;
          },
          forgetSession: () => {
            stored = null;
          },
          revokeToken: spawnChild('revokeSession', { id: REVOKE_SESSION_ID, input: () => ({ token: stored }) }),
        },
      }),
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('signedOut'));
    actor.send({ type: 'auth.signedIn', session: adaSession });
    actor.send({ type: 'auth.logout' });
    expect(stored).toBeNull();
    await vi.waitFor(() => expect(revoked).toEqual(['token-1']));
  });

  it('is a courtesy: its failure leaves the visitor signed out and changes nothing else', async () => {
    const actor = createActor(
      authMachine.provide({
        actors: {
          authenticate: fromPromise(() => Promise.resolve(ada)),
          revokeSession: fromPromise<void, RevokeSessionInput>(() => Promise.reject(new Error('Network Error'))),
        },
      }),
    ).start();
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('signedIn'));
    actor.send({ type: 'auth.logout' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(errors).toEqual([]);
  });
});

function startWithRecords(
  authenticate: () => Promise<User>,
  revoke: () => Promise<void> = () => new Promise(() => {}),
) {
  const persisted: string[] = [];
  const calls: string[] = [];
  const actor = createActor(
    authMachine.provide({
      actors: {
        authenticate: fromPromise(authenticate),
        revokeSession: fromPromise<void, RevokeSessionInput>(() => revoke()),
      },
      actions: {
        persistToken: (_, { token }) => persisted.push(token),
        forgetSession: () => calls.push('forgetSession'),
        announceLogout: () => calls.push('announceLogout'),
      },
    }),
  ).start();
  return { actor, persisted, calls };
}

describe('auth: who is signed in', () => {
  it('asks the server first, knowing nobody yet', () => {
    const { actor } = startWithRecords(() => new Promise(() => {}));
    expect(actor.getSnapshot().value).toBe('checking');
    expect(actor.getSnapshot().context).toEqual({ user: null });
    expect(Object.keys(actor.getSnapshot().children)).toEqual(['authenticate']);
  });

  it("keeps the server's user; a refreshed user replaces it without a new token", async () => {
    const { actor, persisted } = startWithRecords(async () => ada);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('signedIn'));
    expect(actor.getSnapshot().context.user).toEqual(ada);
    const verified = { ...ada, emailVerified: true };
    actor.send({ type: 'auth.refreshed', user: verified });
    expect(actor.getSnapshot().context.user).toEqual(verified);
    actor.send({ type: 'auth.updated', session: renamedSession });
    expect(actor.getSnapshot().context.user).toEqual(renamedSession.user);
    expect(persisted).toEqual(['token-2']);
  });

  it('without an authenticate actor provided, nobody is signed in', async () => {
    const actor = createActor(authMachine).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('signedOut'));
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('logout forgets the session, then announces it; the revocation runs under its own id', async () => {
    const { actor, calls } = startWithRecords(() => Promise.reject(new Error('')));
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('signedOut'));
    actor.send({ type: 'auth.signedIn', session: adaSession });
    actor.send({ type: 'auth.logout' });
    expect(calls).toEqual(['forgetSession', 'forgetSession', 'announceLogout']);
    expect(Object.keys(actor.getSnapshot().children)).toEqual(['revokeSession']);
  });

  it('an expired token forgets the session and nobody is signed in', async () => {
    const { actor, calls } = startWithRecords(async () => ada);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('signedIn'));
    actor.send({ type: 'auth.expired' });
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(calls).toEqual(['forgetSession']);
  });
});
