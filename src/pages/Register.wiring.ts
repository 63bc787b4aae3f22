/** The register machine's real actors and actions, built on src/api/; the page supplies the navigation. */
import { fromPromise } from 'xstate';
import { registerMachine } from '#machines/register.machine';
import * as api from '#src/api/auth';
import type { AppPorts } from '#src/common/wiring/ports';
import { signInActions, signInActors, type SignInView } from '#src/common/wiring/signIn';

export function wireRegister(app: AppPorts, view: SignInView) {
  return registerMachine.provide({
    actors: {
      registerWithEmail: fromPromise(({ input }) => api.registerWithEmail(input)),
      ...signInActors(app),
    },
    actions: { ...signInActions(app), goHome: () => view.goHome() },
  });
}
