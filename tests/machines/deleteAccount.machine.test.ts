import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { deleteAccountMachine } from '../../machines/deleteAccount.machine';
import type { User } from '../../domain/types';
import { ada } from './fixtures';

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
const fail = (message: string) =>
  fromPromise<string>(async () => {
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
        actors: { requestDeletion: fail('Too many requests.'), refreshUser: fromPromise(refreshUser) },
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
});
