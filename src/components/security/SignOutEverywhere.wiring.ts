/** The "Sign out everywhere" machine's real actor, on the API client; the view supplies the toasts. */
import { fromPromise } from 'xstate';
import { signOutEverywhereMachine } from '#machines/signOutEverywhere.machine';
import { signOutElsewhere } from '#src/api/auth';

export interface SignOutEverywhereView {
  announce: (message: string) => void;
  showError: (message: string) => void;
}

export function wireSignOutEverywhere(view: SignOutEverywhereView) {
  return signOutEverywhereMachine.provide({
    actors: { endOtherSessions: fromPromise(() => signOutElsewhere()) },
    actions: {
      announce: (_, { message }) => view.announce(message),
      showError: (_, { message }) => view.showError(message),
    },
  });
}
