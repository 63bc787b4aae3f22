/** The authenticator app machine's real actors, built on src/api/; the page supplies the toast. */
import { fromPromise } from 'xstate';
import { twoFactorMachine } from '#machines/twoFactor.machine';
import * as api from '#src/api/twoFactor';

export interface TwoFactorView {
  /** The server's message once the app is turned off. */
  announce: (message: string) => void;
}

export function wireTwoFactor(view: TwoFactorView) {
  return twoFactorMachine.provide({
    actors: {
      loadStatus: fromPromise(() => api.twoFactorStatus()),
      requestCode: fromPromise(() => api.requestTwoFactorCode()),
      setUp: fromPromise(({ input }) => api.setUpTwoFactor(input)),
      enable: fromPromise(({ input }) => api.enableTwoFactor(input)),
      renewCodes: fromPromise(({ input }) => api.renewRecoveryCodes(input)),
      turnOff: fromPromise(({ input }) => api.disableTwoFactor(input)),
    },
    actions: { announce: (_, { message }) => view.announce(message) },
  });
}
