/**
 * Account deletion (docs/product.md#deletion, #errors): the red 'Delete Account' link asks for confirmation
 * in a dialog, then requests deletion and shows the server's message as a success toast; failure is an error toast at
 * top-left. A scheduled deletion can be undone while its grace period runs.
 */
import { fromPromise, setup } from 'xstate';
import { errorMessage } from '../domain/errorMessage';

export type DeleteAccountEvent =
  { type: 'delete.open' } | { type: 'delete.dismiss' } | { type: 'delete.confirm' } | { type: 'delete.undo' };

export const deleteAccountMachine = setup({
  types: { events: {} as DeleteAccountEvent },
  actors: {
    requestDeletion: fromPromise<string>(async () => {
      throw new Error('requestDeletion is not provided');
    }),
    cancelDeletion: fromPromise<string>(async () => {
      throw new Error('cancelDeletion is not provided');
    }),
  },
  actions: {
    announce: (_, _params: { message: string }) => {},
    showError: (_, _params: { message: string }) => {},
    /** The user's scheduled deletion changed: read the user again. */
    refreshUser: () => {},
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
          target: 'idle',
          actions: [{ type: 'announce', params: ({ event }) => ({ message: event.output }) }, 'refreshUser'],
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
          target: 'idle',
          actions: [{ type: 'announce', params: ({ event }) => ({ message: event.output }) }, 'refreshUser'],
        },
        onError: {
          target: 'idle',
          actions: { type: 'showError', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
    },
  },
});
