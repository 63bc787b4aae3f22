import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { type DeletionProof, deleteAccountMachine } from '#machines/deleteAccount.machine';
import type { User } from '#domain/types';
import { deleteAccountSamples } from './accountSamples';
import { ada } from './fixtures';
import { describePathTests } from './pathTest';

describePathTests({ machine: deleteAccountMachine, ...deleteAccountSamples });

const scheduled: User = { ...ada, deletionScheduledFor: '2026-12-05T09:00:00.000Z' };

/** What the page was told: toasts and the users handed to the app, in order. */
function page() {
  const said: string[] = [];
  const actions = {
    announce: (_: unknown, { message }: { message: string }) => void said.push(`announce: ${message}`),
    showError: (_: unknown, { message }: { message: string }) => void said.push(`error: ${message}`),
    storeUser: (_: unknown, user: User) => void said.push(`store: ${user.deletionScheduledFor ?? 'none'}`),
  };
  return { said, actions };
}

/** A deletion request or undo that the server refuses with this message. */
const fail = <Input = unknown>(message: string) =>
  fromPromise<string, Input>(async () => {
    throw new Error(message);
  });

describe('deleting the account', () => {
  it('the dialog opens and may be dismissed without asking the server', () => {
    const requestDeletion = vi.fn(async () => 'deleted');
    const actor = createActor(
      deleteAccountMachine.provide({ actors: { requestDeletion: fromPromise(requestDeletion) } }),
    ).start();
    actor.send({ type: 'delete.open' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'delete.dismiss' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(requestDeletion).not.toHaveBeenCalled();
  });

  it("a refused request shows the server's error and reads nothing again", async () => {
    const { said, actions } = page();
    const refreshUser = vi.fn(async () => scheduled);
    const actor = createActor(
      deleteAccountMachine.provide({
        actors: { requestDeletion: fail<DeletionProof>('Too many requests.'), refreshUser: fromPromise(refreshUser) },
        actions,
      }),
    ).start();
    actor.send({ type: 'delete.open' });
    actor.send({ type: 'delete.confirm' });
    expect(actor.getSnapshot().value).toBe('requesting');
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
    expect(said).toEqual(['error: Too many requests.']);
    expect(refreshUser).not.toHaveBeenCalled();
  });

  it("undoing announces the server's message and hands on the user read again", async () => {
    const { said, actions } = page();
    const actor = createActor(
      deleteAccountMachine.provide({
        actors: {
          cancelDeletion: fromPromise(async () => 'Your account will not be deleted.'),
          refreshUser: fromPromise(async () => ada),
        },
        actions,
      }),
    ).start();
    actor.send({ type: 'delete.undo' });
    expect(actor.getSnapshot().value).toBe('undoing');
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
    expect(said).toEqual(['announce: Your account will not be deleted.', 'store: none']);
  });

  it("a refused undo shows the server's error", async () => {
    const { said, actions } = page();
    const actor = createActor(
      deleteAccountMachine.provide({ actors: { cancelDeletion: fail('Network Error') }, actions }),
    ).start();
    actor.send({ type: 'delete.undo' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
    expect(said).toEqual(['error: Network Error']);
  });

  it('a failed read after a request changes nothing on the page', async () => {
    const { said, actions } = page();
    const refreshUser = vi.fn(async (): Promise<User> => {
      throw new Error('Network Error');
    });
    const actor = createActor(
      deleteAccountMachine.provide({
        actors: {
          requestDeletion: fromPromise(async () => 'Your account will be deleted in 14 days.'),
          refreshUser: fromPromise(refreshUser),
        },
        actions,
      }),
    ).start();
    actor.send({ type: 'delete.open' });
    actor.send({ type: 'delete.confirm' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
    expect(refreshUser).toHaveBeenCalledTimes(1);
    expect(said).toEqual(['announce: Your account will be deleted in 14 days.']);
  });

  it('with no server wired in, each request fails saying which call is missing', async () => {
    const { said, actions } = page();
    const actor = createActor(deleteAccountMachine.provide({ actions })).start();
    actor.send({ type: 'delete.open' });
    actor.send({ type: 'delete.confirm' });
    await vi.waitFor(() => expect(said).toHaveLength(1));
    actor.send({ type: 'delete.undo' });
    await vi.waitFor(() => expect(said).toHaveLength(2));
    expect(said).toEqual(['error: requestDeletion is not provided', 'error: cancelDeletion is not provided']);
  });

  it('with no user read wired in, nothing is handed on after a request', async () => {
    const { said, actions } = page();
    const actor = createActor(
      deleteAccountMachine.provide({
        actors: { requestDeletion: fromPromise(async () => 'Your account will be deleted in 14 days.') },
        actions,
      }),
    ).start();
    actor.send({ type: 'delete.open' });
    actor.send({ type: 'delete.confirm' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
    expect(said).toEqual(['announce: Your account will be deleted in 14 days.']);
  });

  it('a customer confirms without a password, and the request carries none', async () => {
    const proofs: DeletionProof[] = [];
    const actor = createActor(
      deleteAccountMachine.provide({
        actors: {
          requestDeletion: fromPromise<string, DeletionProof>(async ({ input }) => {
            proofs.push(input);
            return 'Your account will be deleted in 14 days.';
          }),
        },
      }),
      { input: { role: 'common' } },
    ).start();
    actor.send({ type: 'delete.open' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'delete.confirm' });
    expect(actor.getSnapshot().value).toBe('requesting');
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
    expect(proofs).toEqual([undefined]);
  });

  it.each(['office', 'admin'] as const)(
    '%s: the dialog asks for the password, a refusal stays in it, and a retry sends the new one',
    async (role) => {
      const { said, actions } = page();
      const proofs: DeletionProof[] = [];
      const actor = createActor(
        deleteAccountMachine.provide({
          actors: {
            requestDeletion: fromPromise<string, DeletionProof>(async ({ input }) => {
              proofs.push(input);
              if (input?.password !== 'right one') throw new Error('Your current password is incorrect.');
              return 'Your account will be deleted in 14 days.';
            }),
            refreshUser: fromPromise(async () => scheduled),
          },
          actions,
        }),
        { input: { role } },
      ).start();
      actor.send({ type: 'delete.open' });
      expect(actor.getSnapshot().value).toBe('confirmingWithPassword');
      // No password, or one too long to be any account's: nothing is sent.
      expect(actor.getSnapshot().can({ type: 'delete.confirm' })).toBe(false);
      actor.send({ type: 'delete.confirm' });
      actor.send({ type: 'delete.confirm', password: '' });
      actor.send({ type: 'delete.confirm', password: 'x'.repeat(129) });
      expect(actor.getSnapshot().value).toBe('confirmingWithPassword');
      expect(actor.getSnapshot().can({ type: 'delete.confirm', password: 'x'.repeat(128) })).toBe(true);

      actor.send({ type: 'delete.confirm', password: 'wrong one' });
      expect(actor.getSnapshot().value).toBe('requestingWithPassword');
      await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('confirmingWithPassword'));
      expect(actor.getSnapshot().context.error).toBe('Your current password is incorrect.');
      // Shown in the dialog, not as a toast.
      expect(said).toEqual([]);

      actor.send({ type: 'delete.confirm', password: 'right one' });
      expect(actor.getSnapshot().context.error).toBeNull();
      await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
      expect(proofs).toEqual([{ password: 'wrong one' }, { password: 'right one' }]);
      expect(said).toEqual([
        'announce: Your account will be deleted in 14 days.',
        `store: ${scheduled.deletionScheduledFor}`,
      ]);
    },
  );

  it('dismissing the password dialog forgets its refusal', async () => {
    const actor = createActor(
      deleteAccountMachine.provide({ actors: { requestDeletion: fail<DeletionProof>('Network Error') } }),
      { input: { role: 'office' } },
    ).start();
    actor.send({ type: 'delete.open' });
    actor.send({ type: 'delete.confirm', password: 'any' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe('Network Error'));
    actor.send({ type: 'delete.dismiss' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'delete.open' });
    expect(actor.getSnapshot().value).toBe('confirmingWithPassword');
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

it('after a deletion is requested or cancelled the user is read again and handed on', async () => {
  const refreshUser = vi.fn(async () => scheduled);
  const storeUser = vi.fn();
  const announce = vi.fn();
  const actor = createActor(
    deleteAccountMachine.provide({
      actors: {
        requestDeletion: fromPromise(async () => 'Your account will be deleted in 14 days.'),
        cancelDeletion: fromPromise<string>(async () => {
          throw new Error('Network Error');
        }),
        refreshUser: fromPromise(() => refreshUser()),
      },
      actions: { storeUser: (_, user) => storeUser(user), announce: (_, { message }) => announce(message) },
    }),
  ).start();
  actor.send({ type: 'delete.open' });
  actor.send({ type: 'delete.confirm' });
  await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
  expect(announce).toHaveBeenCalledWith('Your account will be deleted in 14 days.');
  expect(refreshUser).toHaveBeenCalledTimes(1);
  expect(storeUser).toHaveBeenCalledWith(scheduled);

  // A failed cancellation reads nothing again.
  actor.send({ type: 'delete.undo' });
  await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
  expect(refreshUser).toHaveBeenCalledTimes(1);
});
