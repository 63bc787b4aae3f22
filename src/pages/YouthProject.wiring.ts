/** The youth application machine's real actor, built on src/api/; the page supplies the toasts. */
import { fromPromise } from 'xstate';
import { youthApplicationMachine } from '#machines/youthApplication.machine';
import * as api from '#src/api/forms';

const wired = youthApplicationMachine.provide({
  actors: { sendApplication: fromPromise(({ input }) => api.sendYouthApplication(input)) },
});

export function wireYouthApplication() {
  return wired;
}
