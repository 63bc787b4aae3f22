/**
 * The passkey machines' real actors and actions (docs/product.md#passkeys): the profile's passkeys block
 * and "Sign in with a passkey", built on src/api/passkeys.ts and the browser's prompts (./passkeysBrowser.ts).
 */
import { fromPromise } from 'xstate';
import { passkeysMachine } from '#machines/passkeys.machine';
import { passkeySignInMachine } from '#machines/passkeySignIn.machine';
import * as api from '#src/api/passkeys';
import { requestTwoFactorCode } from '#src/api/twoFactor';
import { askForPasskey, browserSupportsPasskeys, createPasskey, suggestedPasskeyName } from './passkeysBrowser';
import type { AppPorts } from './ports';
import type { SignInView } from './signIn';

export interface PasskeysView {
  showError: (message: string) => void;
  announce: (message: string) => void;
}

export function wirePasskeys(view: PasskeysView) {
  return passkeysMachine.provide({
    actors: {
      listPasskeys: fromPromise(() => api.listPasskeys()),
      requestCode: fromPromise(() => requestTwoFactorCode()),
      registrationOptions: fromPromise(({ input }) => api.registrationOptions(input)),
      createPasskey: fromPromise(({ input }) => createPasskey(input)),
      registerPasskey: fromPromise(({ input }) => api.registerPasskey(input)),
      renamePasskey: fromPromise(({ input }) => api.renamePasskey(input)),
      removePasskey: fromPromise(({ input }) => api.removePasskey(input)),
    },
    actions: {
      showError: (_, { message }) => view.showError(message),
      announce: (_, { message }) => view.announce(message),
    },
  });
}

/** The passkeys machine's input in this browser, for an account with a password or without one. */
export function passkeysInput(hasPassword: boolean) {
  return { supported: browserSupportsPasskeys(), suggestedName: suggestedPasskeyName(), hasPassword };
}

/** A passkey's session is handed to the auth actor, as every sign-in's is (./signIn.ts). */
export function wirePasskeySignIn(app: AppPorts, view: SignInView) {
  return passkeySignInMachine.provide({
    actors: {
      signInOptions: fromPromise(() => api.signInOptions()),
      askForPasskey: fromPromise(({ input }) => askForPasskey(input)),
      verifyPasskey: fromPromise(({ input }) => api.signInWithPasskey(input)),
    },
    actions: {
      signIn: (_, session) => app.auth.send({ type: 'auth.signedIn', session }),
      goHome: () => view.goHome(),
    },
  });
}

export { browserSupportsPasskeys };
