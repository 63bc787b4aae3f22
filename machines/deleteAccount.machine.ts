/**
 * Account deletion (docs/product.md#deletion, #errors): the red 'Delete Account' link asks for confirmation
 * in a dialog, then requests deletion and shows the server's message as a success toast; failure is an error toast at
 * top-left. A scheduled deletion can be undone while its grace period runs. After either succeeds the user is
 * read again (`refreshing`), so the page shows the deletion as scheduled or not; a failed read changes nothing.
 *
 * An office or admin account (the `role` it starts with) confirms with its current password instead
 * (`confirmingWithPassword`): the dialog asks for it, the confirmation carries it, and a refusal (a wrong
 * password, say) shows the server's text in the dialog, which stays open for another try.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { PASSWORD_MAX } from '#domain/contract';
import { errorMessage } from '#domain/errorMessage';
import { toastActorError } from './lib/errorToast';
import { isStaff, type Role } from '#domain/orders';
import type { User } from '#domain/types';

export type DeleteAccountEvent =
  | { type: 'delete.open' }
  | { type: 'delete.dismiss' }
  /** `password`: the current password, which only an office or admin account's dialog asks for. */
  | { type: 'delete.confirm'; password?: string | undefined }
  | { type: 'delete.undo' };

export interface DeleteAccountInput {
  /** The signed-in user's role (domain/orders.ts); none or 'common' for a customer. */
  role?: Role | undefined;
}

/** What the deletion request sends: nothing for a customer, the current password for the office. */
export type DeletionProof = { password: string } | undefined;

interface DeleteAccountContext {
  role: Role | undefined;
  /** The refusal shown in the password dialog (null while there is none). */
  error: string | null;
}

export const deleteAccountMachine = setup({
  types: {
    context: {} as DeleteAccountContext,
    events: {} as DeleteAccountEvent,
    input: {} as DeleteAccountInput | void,
  },
  actors: {
    requestDeletion: fromPromise<string, DeletionProof>(async () => {
      throw new Error('requestDeletion is not provided');
    }),
    cancelDeletion: fromPromise<string>(async () => {
      throw new Error('cancelDeletion is not provided');
    }),
    /** The user's scheduled deletion changed: reads the user again. */
    refreshUser: fromPromise<User>(async () => {
      // Stryker disable next-line StringLiteral: a failed read shows nothing, so its message is never seen
      throw new Error('refreshUser is not provided');
    }),
  },
  actions: {
    announce: (_, _params: { message: string }) => {},
    showError: (_, _params: { message: string }) => {},
    /** Hands the user read again to the app. */
    storeUser: (_, _user: User) => {},
  },
  guards: {
    /** An office or admin account confirms its deletion with its password (docs/product.md#deletion). */
    passwordRequired: ({ context }) => isStaff(context.role),
    passwordGiven: ({ event }) => {
      assertEvent(event, 'delete.confirm');
      return event.password !== undefined && event.password.length >= 1 && event.password.length <= PASSWORD_MAX;
    },
  },
}).createMachine({
  id: 'deleteAccount',
  context: ({ input }) => ({ role: input?.role, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'delete.open': [{ guard: 'passwordRequired', target: 'confirmingWithPassword' }, { target: 'confirming' }],
        'delete.undo': 'undoing',
      },
    },
    /** The confirmation dialog is open. */
    confirming: {
      on: { 'delete.dismiss': 'idle', 'delete.confirm': 'requesting' },
    },
    requesting: {
      invoke: {
        id: 'requestDeletion',
        src: 'requestDeletion',
        onDone: {
          target: 'refreshing',
          actions: { type: 'announce', params: ({ event }) => ({ message: event.output }) },
        },
        onError: {
          target: 'idle',
          actions: toastActorError,
        },
      },
    },
    /** The office's confirmation dialog, with the current password (and the last refusal, if any). */
    confirmingWithPassword: {
      on: {
        'delete.dismiss': { target: 'idle', actions: assign({ error: null }) },
        'delete.confirm': { guard: 'passwordGiven', target: 'requestingWithPassword' },
      },
    },
    requestingWithPassword: {
      entry: assign({ error: null }),
      invoke: {
        id: 'requestDeletionWithPassword',
        src: 'requestDeletion',
        input: ({ event }) => {
          assertEvent(event, 'delete.confirm');
          // Stryker disable next-line StringLiteral: `passwordGiven` let only a password in
          return { password: event.password ?? '' };
        },
        onDone: {
          target: 'refreshing',
          actions: { type: 'announce', params: ({ event }) => ({ message: event.output }) },
        },
        onError: {
          target: 'confirmingWithPassword',
          actions: assign({ error: ({ event }) => errorMessage(event.error) }),
        },
      },
    },
    undoing: {
      invoke: {
        id: 'cancelDeletion',
        src: 'cancelDeletion',
        onDone: {
          target: 'refreshing',
          actions: { type: 'announce', params: ({ event }) => ({ message: event.output }) },
        },
        onError: {
          target: 'idle',
          actions: toastActorError,
        },
      },
    },
    /** The user is read again; a failed read leaves the page as it was. */
    refreshing: {
      invoke: {
        id: 'refreshUser',
        src: 'refreshUser',
        onDone: { target: 'idle', actions: { type: 'storeUser', params: ({ event }) => event.output } },
        onError: 'idle',
      },
    },
  },
});
