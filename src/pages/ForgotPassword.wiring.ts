/** The forgot-password machine's real actors, built on src/api/; the page supplies nothing. */
import { fromPromise } from 'xstate';
import { forgotPasswordMachine } from '#machines/forgotPassword.machine';
import * as api from '#src/api/account';

const wired = forgotPasswordMachine.provide({
  actors: {
    requestCode: fromPromise(({ input }) => api.requestResetCode(input.email)),
    resetPassword: fromPromise(({ input }) => api.resetPassword(input)),
  },
});

export function wireForgotPassword() {
  return wired;
}
