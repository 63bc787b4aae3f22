/**
 * The account deletion machine's real actors and the app's side of its actions, built on src/api/; the page
 * supplies the toasts.
 */
import { fromPromise } from 'xstate';
import { deleteAccountMachine } from '#machines/deleteAccount.machine';
import * as api from '#src/api/account';
import { authenticate } from '#src/api/auth';
import type { AppPorts } from './ports';

export interface DeleteAccountView {
  /** The server's message after a deletion was requested or cancelled. */
  announce: (message: string) => void;
  /** The text of a failed request or cancellation. */
  showError: (message: string) => void;
}

export function wireDeleteAccount(app: AppPorts, view: DeleteAccountView) {
  return deleteAccountMachine.provide({
    actors: {
      requestDeletion: fromPromise(({ input }) => api.requestDeletion(input)),
      cancelDeletion: fromPromise(() => api.cancelDeletion()),
      refreshUser: fromPromise(() => authenticate()),
    },
    actions: {
      announce: (_, { message }) => view.announce(message),
      showError: (_, { message }) => view.showError(message),
      storeUser: (_, user) => app.auth.send({ type: 'auth.refreshed', user }),
    },
  });
}
