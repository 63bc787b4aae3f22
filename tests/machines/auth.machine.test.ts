import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { authMachine } from '../../machines/auth.machine';
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
      revokeToken: vi.fn(),
      announceLogout: vi.fn(),
    };
    const actor = createActor(
      authMachine.provide({
        actors: { authenticate: fromPromise(authenticate) },
        actions: {
          persistToken: (_, params) => spies.persistToken(params.token),
          forgetSession: spies.forgetSession,
          revokeToken: spies.revokeToken,
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
    expect(spies.revokeToken).toHaveBeenCalledTimes(1);
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
    expect(spies.revokeToken).not.toHaveBeenCalled();
  });
});
