/** The change-password machine's real actor and the app's side of its actions; the page supplies the toast. */
import { fromPromise } from 'xstate';
import { changePasswordMachine } from '#machines/changePassword.machine';
import * as api from '#src/api/auth';
import type { AppPorts } from '#src/common/wiring/ports';

export interface ChangePasswordView {
  /** The password was changed. */
  announceChanged: () => void;
}

export function wireChangePassword(app: AppPorts, view: ChangePasswordView) {
  return changePasswordMachine.provide({
    actors: { changePassword: fromPromise(({ input }) => api.changePassword(input)) },
    actions: {
      storeSession: (_, session) => app.auth.send({ type: 'auth.updated', session }),
      announceChanged: () => view.announceChanged(),
    },
  });
}
