/**
 * What the authentication machine computes, in a file of its own that imports the machine before each test and
 * has no generated paths: a machine that cannot be built or explored then fails these tests instead of a
 * file's collection, which the mutation runner would not count as a failure (auth.machine.test.ts has the
 * paths).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type * as AuthModule from '../../machines/auth.machine';
import type { RevokeSessionInput } from '../../machines/auth.machine';
import type { User } from '../../domain/types';
import { ada, adaSession, renamedSession } from './fixtures';

let auth: typeof AuthModule;
beforeEach(async () => {
  auth = await import('../../machines/auth.machine');
});

function start(authenticate: () => Promise<User>, revoke: () => Promise<void> = () => new Promise(() => {})) {
  const persisted: string[] = [];
  const calls: string[] = [];
  const actor = createActor(
    auth.authMachine.provide({
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
    const { actor } = start(() => new Promise(() => {}));
    expect(actor.getSnapshot().value).toBe('checking');
    expect(actor.getSnapshot().context).toEqual({ user: null });
    expect(Object.keys(actor.getSnapshot().children)).toEqual(['authenticate']);
  });

  it("keeps the server's user; a refreshed user replaces it without a new token", async () => {
    const { actor, persisted } = start(async () => ada);
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
    const actor = createActor(auth.authMachine).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('signedOut'));
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('logout forgets the session, then announces it; the revocation runs under its own id', async () => {
    const { actor, calls } = start(() => Promise.reject(new Error('')));
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('signedOut'));
    actor.send({ type: 'auth.signedIn', session: adaSession });
    actor.send({ type: 'auth.logout' });
    expect(calls).toEqual(['forgetSession', 'forgetSession', 'announceLogout']);
    expect(Object.keys(actor.getSnapshot().children)).toEqual(['revokeSession']);
  });

  it('an expired token forgets the session and nobody is signed in', async () => {
    const { actor, calls } = start(async () => ada);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('signedIn'));
    actor.send({ type: 'auth.expired' });
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(calls).toEqual(['forgetSession']);
  });
});
