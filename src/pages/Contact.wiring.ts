/** The contact machine's real actor, built on src/api/; the page supplies nothing. */
import { fromPromise } from 'xstate';
import { contactMachine } from '#machines/contact.machine';
import * as api from '#src/api/forms';

const wired = contactMachine.provide({
  actors: { sendMessage: fromPromise(({ input }) => api.sendContactMessage(input)) },
});

export function wireContact() {
  return wired;
}
