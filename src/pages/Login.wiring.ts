/** The login machine's real actors and actions, built on src/api/; the page supplies the navigation. */
import { fromPromise } from 'xstate';
import { loginMachine } from '#machines/login.machine';
import * as api from '#src/api/auth';
import { continueWithGoogle } from '#src/common/wiring/googleSignIn';
import type { AppPorts } from '#src/common/wiring/ports';
import { signInActions, signInActors, type SignInView } from '#src/common/wiring/signIn';

export function wireLogin(app: AppPorts, view: SignInView) {
  return loginMachine.provide({
    actors: {
      loginWithEmail: fromPromise(({ input }) => api.loginWithEmail(input)),
      confirmSecondStep: fromPromise(({ input }) => api.confirmSecondStep(input)),
      confirmTotpStep: fromPromise(({ input }) => api.confirmTotpStep(input)),
      ...signInActors(app),
      // The Login screen takes the authenticator app's step that Google's answer may ask for.
      continueWithGoogle: fromPromise(() => continueWithGoogle('register', app.inspect)),
    },
    actions: { ...signInActions(app), goHome: () => view.goHome() },
  });
}
