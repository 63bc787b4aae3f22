/**
 * The profile machine's real actors and the app's side of its actions, built on src/api/; the page supplies
 * the toast and frees the previews it made.
 */
import { fromPromise } from 'xstate';
import { profileMachine } from '#machines/profile.machine';
import * as api from '#src/api/account';
import type { AppPorts } from './ports';

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
