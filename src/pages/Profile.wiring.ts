import { fromPromise } from 'xstate';
import { profileMachine } from '#machines/profile.machine';
import * as api from '#src/api/account';
import type { AppPorts } from '#src/common/wiring/ports';
import { verifyEmailMachine } from '#machines/verifyEmail.machine';
import { deleteAccountMachine } from '#machines/deleteAccount.machine';
import { authenticate } from '#src/api/auth';

/**
 * The profile machine's real actors and the app's side of its actions, built on src/api/; the page supplies
 * the toast and frees the previews it made.
 */

export interface ProfileView {
  /** The profile was saved. */
  announceSaved: () => void;
  /** A preview's object URL is no longer shown. */
  releasePreview: (preview: string | null) => void;
}

export function wireProfile(app: AppPorts, view: ProfileView) {
  return profileMachine.provide({
    actors: {
      updateProfile: fromPromise(({ input }) => api.updateProfile(input)),
      requestEmailChangeCode: fromPromise(() => api.requestEmailChangeCode()),
      confirmEmailChange: fromPromise(({ input }) => api.confirmEmailChange(input)),
      resendEmailChangeCode: fromPromise(() => api.resendEmailChangeCode()),
    },
    actions: {
      storeSession: (_, session) => app.auth.send({ type: 'auth.updated', session }),
      announceSaved: () => view.announceSaved(),
      releasePreview: (_, { preview }) => view.releasePreview(preview),
    },
  });
}

/** The e-mail verification machine's real actors and the app's side of its action; the page supplies the toast. */

export interface VerifyEmailView {
  /** The address is verified. */
  announceVerified: () => void;
}

export function wireVerifyEmail(app: AppPorts, view: VerifyEmailView) {
  return verifyEmailMachine.provide({
    actors: {
      sendCode: fromPromise(() => api.sendVerificationCode()),
      confirmCode: fromPromise(({ input }) => api.confirmVerificationCode(input.code)),
    },
    actions: {
      storeUser: (_, user) => {
        app.auth.send({ type: 'auth.refreshed', user });
        view.announceVerified();
      },
    },
  });
}

/**
 * The account deletion machine's real actors and the app's side of its actions, built on src/api/; the page
 * supplies the toasts.
 */

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
