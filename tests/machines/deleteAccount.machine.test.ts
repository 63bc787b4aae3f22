import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { type DeleteAccountInput, type DeletionProof, deleteAccountMachine } from '#machines/deleteAccount.machine';
import type { User } from '#domain/types';
import { DELETION_DATE, deleteAccountSamples } from './accountSamples';
import { ada } from './fixtures';
import { describePathTests } from './pathTest';

describePathTests({ machine: deleteAccountMachine, ...deleteAccountSamples });

const scheduled: User = { ...ada, deletionScheduledFor: DELETION_DATE };
const notScheduled: User = { ...ada, deletionScheduledFor: null };
/** The page opened on a user with no deletion scheduled, or with one. */
const active: DeleteAccountInput = { deletionScheduledFor: null };
const due: DeleteAccountInput = { deletionScheduledFor: DELETION_DATE };

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

/** A read of the user that fails. */
const failedRead = fromPromise<User>(async () => {
  throw new Error('Network Error');
});

const REQUESTED = 'Your account will be deleted in 14 days.';
const CANCELLED = 'Your account will not be deleted.';

describe('what the page offers', () => {
  it('without a deletion scheduled, the link (and no undo); with one, the undo (and no link)', () => {
    const none = createActor(deleteAccountMachine, { input: active }).getSnapshot();
    expect(none.value).toEqual({ active: 'idle' });
    expect(none.context).toStrictEqual({ role: undefined, deletionScheduledFor: null, error: null });
    expect(none.can({ type: 'delete.open' })).toBe(true);
    expect(none.can({ type: 'delete.undo' })).toBe(false);

    const some = createActor(deleteAccountMachine, { input: { ...due, role: 'office' } }).getSnapshot();
    expect(some.value).toEqual({ scheduled: 'idle' });
    expect(some.context).toStrictEqual({ role: 'office', deletionScheduledFor: DELETION_DATE, error: null });
    expect(some.can({ type: 'delete.undo' })).toBe(true);
    expect(some.can({ type: 'delete.open' })).toBe(false);
  });
});

describe('deleting the account', () => {
  it('the dialog opens and may be dismissed without asking the server', () => {
    const requestDeletion = vi.fn(async () => REQUESTED);
    const actor = createActor(
      deleteAccountMachine.provide({ actors: { requestDeletion: fromPromise(requestDeletion) } }),
      { input: active },
    ).start();
    actor.send({ type: 'delete.open' });
    expect(actor.getSnapshot().value).toEqual({ active: 'confirming' });
    actor.send({ type: 'delete.dismiss' });
    expect(actor.getSnapshot().value).toEqual({ active: 'idle' });
    expect(requestDeletion).not.toHaveBeenCalled();
  });

  it("a refused request shows the server's error, reads nothing again and still offers the link", async () => {
    const { said, actions } = page();
    const refreshUser = vi.fn(async () => scheduled);
    const actor = createActor(
      deleteAccountMachine.provide({
        actors: { requestDeletion: fail<DeletionProof>('Too many requests.'), refreshUser: fromPromise(refreshUser) },
        actions,
      }),
      { input: active },
    ).start();
    actor.send({ type: 'delete.open' });
    actor.send({ type: 'delete.confirm' });
    expect(actor.getSnapshot().value).toEqual({ active: 'requesting' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ active: 'idle' }));
    expect(said).toEqual(['error: Too many requests.']);
    expect(refreshUser).not.toHaveBeenCalled();
  });

  it('a request that goes through is scheduled at once, then carries the date of the user read again', async () => {
    const { said, actions } = page();
    let read!: (user: User) => void;
    const actor = createActor(
      deleteAccountMachine.provide({
        actors: {
          requestDeletion: fromPromise(async () => REQUESTED),
          refreshUser: fromPromise(() => new Promise<User>((resolve) => (read = resolve))),
        },
        actions,
      }),
      { input: active },
    ).start();
    actor.send({ type: 'delete.open' });
    actor.send({ type: 'delete.confirm' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ scheduled: 'refreshing' }));
    // The date is not known yet, and neither the link nor the undo is offered while the user is read.
    expect(actor.getSnapshot().context.deletionScheduledFor).toBeNull();
    expect(actor.getSnapshot().can({ type: 'delete.open' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'delete.undo' })).toBe(false);
    read(scheduled);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ scheduled: 'idle' }));
    expect(actor.getSnapshot().context.deletionScheduledFor).toBe(DELETION_DATE);
    expect(said).toEqual([`announce: ${REQUESTED}`, `store: ${DELETION_DATE}`]);
  });

  it('a failed read after a request still lands in scheduled, without a date', async () => {
    const { said, actions } = page();
    const refreshUser = vi.fn(async (): Promise<User> => {
      throw new Error('Network Error');
    });
    const actor = createActor(
      deleteAccountMachine.provide({
        actors: { requestDeletion: fromPromise(async () => REQUESTED), refreshUser: fromPromise(refreshUser) },
        actions,
      }),
      { input: active },
    ).start();
    actor.send({ type: 'delete.open' });
    actor.send({ type: 'delete.confirm' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ scheduled: 'idle' }));
    expect(refreshUser).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.deletionScheduledFor).toBeNull();
    expect(said).toEqual([`announce: ${REQUESTED}`]);
  });

  it('a read after a request that finds nothing scheduled offers the link again', async () => {
    const { said, actions } = page();
    const actor = createActor(
      deleteAccountMachine.provide({
        actors: { requestDeletion: fromPromise(async () => REQUESTED), refreshUser: fromPromise(async () => ada) },
        actions,
      }),
      { input: active },
    ).start();
    actor.send({ type: 'delete.open' });
    actor.send({ type: 'delete.confirm' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ active: 'idle' }));
    expect(actor.getSnapshot().context.deletionScheduledFor).toBeNull();
    expect(said).toEqual([`announce: ${REQUESTED}`, 'store: none']);
  });

  it('with no user read wired in, a request lands in scheduled and nothing is handed on', async () => {
    const { said, actions } = page();
    const actor = createActor(
      deleteAccountMachine.provide({ actors: { requestDeletion: fromPromise(async () => REQUESTED) }, actions }),
      { input: active },
    ).start();
    actor.send({ type: 'delete.open' });
    actor.send({ type: 'delete.confirm' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ scheduled: 'idle' }));
    expect(said).toEqual([`announce: ${REQUESTED}`]);
  });

  it('a customer confirms without a password, and the request carries none', async () => {
    const proofs: DeletionProof[] = [];
    const actor = createActor(
      deleteAccountMachine.provide({
        actors: {
          requestDeletion: fromPromise<string, DeletionProof>(async ({ input }) => {
            proofs.push(input);
            return REQUESTED;
          }),
        },
      }),
      { input: { ...active, role: 'common' } },
    ).start();
    actor.send({ type: 'delete.open' });
    expect(actor.getSnapshot().value).toEqual({ active: 'confirming' });
    actor.send({ type: 'delete.confirm' });
    expect(actor.getSnapshot().value).toEqual({ active: 'requesting' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ scheduled: 'idle' }));
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
              return REQUESTED;
            }),
            refreshUser: fromPromise(async () => scheduled),
          },
          actions,
        }),
        { input: { ...active, role } },
      ).start();
      actor.send({ type: 'delete.open' });
      expect(actor.getSnapshot().value).toEqual({ active: 'confirmingWithPassword' });
      // No password, or one too long to be any account's: nothing is sent.
      expect(actor.getSnapshot().can({ type: 'delete.confirm' })).toBe(false);
      actor.send({ type: 'delete.confirm' });
      actor.send({ type: 'delete.confirm', password: '' });
      actor.send({ type: 'delete.confirm', password: 'x'.repeat(129) });
      expect(actor.getSnapshot().value).toEqual({ active: 'confirmingWithPassword' });
      expect(actor.getSnapshot().can({ type: 'delete.confirm', password: 'x'.repeat(128) })).toBe(true);

      actor.send({ type: 'delete.confirm', password: 'wrong one' });
      expect(actor.getSnapshot().value).toEqual({ active: 'requestingWithPassword' });
      await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ active: 'confirmingWithPassword' }));
      expect(actor.getSnapshot().context.error).toBe('Your current password is incorrect.');
      // Shown in the dialog, not as a toast.
      expect(said).toEqual([]);

      actor.send({ type: 'delete.confirm', password: 'right one' });
      expect(actor.getSnapshot().context.error).toBeNull();
      await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ scheduled: 'idle' }));
      expect(proofs).toEqual([{ password: 'wrong one' }, { password: 'right one' }]);
      expect(actor.getSnapshot().context.deletionScheduledFor).toBe(DELETION_DATE);
      expect(said).toEqual([`announce: ${REQUESTED}`, `store: ${DELETION_DATE}`]);
    },
  );

  it('dismissing the password dialog forgets its refusal', async () => {
    const actor = createActor(
      deleteAccountMachine.provide({ actors: { requestDeletion: fail<DeletionProof>('Network Error') } }),
      { input: { ...active, role: 'office' } },
    ).start();
    actor.send({ type: 'delete.open' });
    actor.send({ type: 'delete.confirm', password: 'any' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toBe('Network Error'));
    actor.send({ type: 'delete.dismiss' });
    expect(actor.getSnapshot().value).toEqual({ active: 'idle' });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'delete.open' });
    expect(actor.getSnapshot().value).toEqual({ active: 'confirmingWithPassword' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

describe('cancelling a scheduled deletion', () => {
  it("announces the server's message, offers the link at once and hands on the user read again", async () => {
    const { said, actions } = page();
    let read!: (user: User) => void;
    const actor = createActor(
      deleteAccountMachine.provide({
        actors: {
          cancelDeletion: fromPromise(async () => CANCELLED),
          refreshUser: fromPromise(() => new Promise<User>((resolve) => (read = resolve))),
        },
        actions,
      }),
      { input: due },
    ).start();
    actor.send({ type: 'delete.undo' });
    expect(actor.getSnapshot().value).toEqual({ scheduled: 'undoing' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ active: 'refreshing' }));
    expect(actor.getSnapshot().context.deletionScheduledFor).toBeNull();
    read(notScheduled);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ active: 'idle' }));
    expect(said).toEqual([`announce: ${CANCELLED}`, 'store: none']);
  });

  it('a failed read after an undo lands in active', async () => {
    const { said, actions } = page();
    const actor = createActor(
      deleteAccountMachine.provide({
        actors: { cancelDeletion: fromPromise(async () => CANCELLED), refreshUser: failedRead },
        actions,
      }),
      { input: due },
    ).start();
    actor.send({ type: 'delete.undo' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ active: 'idle' }));
    expect(actor.getSnapshot().context.deletionScheduledFor).toBeNull();
    expect(said).toEqual([`announce: ${CANCELLED}`]);
  });

  it('a read after an undo that finds a deletion scheduled (asked for elsewhere) shows it with its date', async () => {
    const { said, actions } = page();
    const later = '2026-12-19T09:00:00.000Z';
    const actor = createActor(
      deleteAccountMachine.provide({
        actors: {
          cancelDeletion: fromPromise(async () => CANCELLED),
          refreshUser: fromPromise(async (): Promise<User> => ({ ...ada, deletionScheduledFor: later })),
        },
        actions,
      }),
      { input: due },
    ).start();
    actor.send({ type: 'delete.undo' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ scheduled: 'idle' }));
    expect(actor.getSnapshot().context.deletionScheduledFor).toBe(later);
    expect(said).toEqual([`announce: ${CANCELLED}`, `store: ${later}`]);
  });

  it("a refused undo shows the server's error, reads nothing again and keeps the date", async () => {
    const { said, actions } = page();
    const refreshUser = vi.fn(async () => notScheduled);
    const actor = createActor(
      deleteAccountMachine.provide({
        actors: { cancelDeletion: fail('Network Error'), refreshUser: fromPromise(refreshUser) },
        actions,
      }),
      { input: due },
    ).start();
    actor.send({ type: 'delete.undo' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ scheduled: 'idle' }));
    expect(actor.getSnapshot().context.deletionScheduledFor).toBe(DELETION_DATE);
    expect(said).toEqual(['error: Network Error']);
    expect(refreshUser).not.toHaveBeenCalled();
  });
});

it('with no server wired in, each request fails saying which call is missing', async () => {
  const { said, actions } = page();
  const requesting = createActor(deleteAccountMachine.provide({ actions }), { input: active }).start();
  requesting.send({ type: 'delete.open' });
  requesting.send({ type: 'delete.confirm' });
  await vi.waitFor(() => expect(said).toHaveLength(1));
  const undoing = createActor(deleteAccountMachine.provide({ actions }), { input: due }).start();
  undoing.send({ type: 'delete.undo' });
  await vi.waitFor(() => expect(said).toHaveLength(2));
  expect(said).toEqual(['error: requestDeletion is not provided', 'error: cancelDeletion is not provided']);
  expect(requesting.getSnapshot().value).toEqual({ active: 'idle' });
  expect(undoing.getSnapshot().value).toEqual({ scheduled: 'idle' });
});
