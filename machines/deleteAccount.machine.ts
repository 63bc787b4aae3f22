/**
 * Account deletion (docs/product.md#deletion, #errors): the red 'Delete Account' link asks for confirmation
 * in a dialog, then requests deletion and shows the server's message as a success toast; failure is an error toast at
 * top-left. A scheduled deletion can be undone while its grace period runs. After either succeeds the user is
 * read again (`refreshing`), so the page shows the deletion as scheduled or not; a failed read changes nothing.
 */
import { fromPromise, setup } from 'xstate';
import { errorMessage } from '../domain/errorMessage';
import type { User } from '../domain/types';

export type DeleteAccountEvent =
  { type: 'delete.open' } | { type: 'delete.dismiss' } | { type: 'delete.confirm' } | { type: 'delete.undo' };

export const deleteAccountMachine = setup({
  // Stryker disable next-line ObjectLiteral: setup() reads no `types` at run time: they exist for TypeScript
  types: { events: {} as DeleteAccountEvent },
  actors: {
    requestDeletion: fromPromise<string>(async () => {
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
  // Stryker disable next-line ObjectLiteral: these defaults do nothing, and XState skips an action it has none for
  actions: {
    announce: (_, _params: { message: string }) => {},
    showError: (_, _params: { message: string }) => {},
    /** Hands the user read again to the app. */
    storeUser: (_, _user: User) => {},
  },
}).createMachine({
  id: 'deleteAccount',
  initial: 'idle',
  states: {
    idle: {
      on: { 'delete.open': 'confirming', 'delete.undo': 'undoing' },
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
          actions: { type: 'showError', params: ({ event }) => ({ message: errorMessage(event.error) }) },
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
          actions: { type: 'showError', params: ({ event }) => ({ message: errorMessage(event.error) }) },
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
