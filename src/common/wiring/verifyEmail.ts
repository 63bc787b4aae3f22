/** The e-mail verification machine's real actors and the app's side of its action; the page supplies the toast. */
import { fromPromise } from 'xstate';
import { verifyEmailMachine } from '#machines/verifyEmail.machine';
import * as api from '#src/api/account';
import type { AppPorts } from './ports';

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
