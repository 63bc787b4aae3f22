/** The youth application machine's real actor, built on src/api/; the page supplies the toasts. */
import { fromPromise } from 'xstate';
import { youthApplicationMachine } from '#machines/youthApplication.machine';
import * as api from '#src/api/forms';

export interface YouthApplicationView {
  /** The application is on its way. */
  announceSending: () => void;
  /** The office has it. */
  announceSent: () => void;
  /** It was not sent: the text to show. */
  announceFailed: (message: string) => void;
}

export function wireYouthApplication(view: YouthApplicationView) {
  return youthApplicationMachine.provide({
    actors: { sendApplication: fromPromise(({ input }) => api.sendYouthApplication(input)) },
    actions: {
      announceSending: () => view.announceSending(),
      announceSent: () => view.announceSent(),
      announceFailed: (_, { message }) => view.announceFailed(message),
    },
  });
}
