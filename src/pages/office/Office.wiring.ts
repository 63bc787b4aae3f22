/**
 * The office queue machine's real actors, built on src/api/; the page supplies the toasts. The order's time
 * is read from the machine's own `now` (its clock region), so the page's countdowns and the inspector agree.
 */
import { fromPromise } from 'xstate';
import { officeQueueMachine } from '#machines/officeQueue.machine';
import * as api from '#src/api/office';

export interface OfficeQueueView {
  showError: (message: string) => void;
  announce: (message: string) => void;
}

export function wireOfficeQueue(view: OfficeQueueView) {
  return officeQueueMachine.provide({
    actors: {
      loadOrders: fromPromise(({ input }) => api.officeOrders(input.view)),
      loadOrder: fromPromise(({ input }) => api.officeOrder(input.id)),
      scheduleCall: fromPromise(({ input }) => api.scheduleCall(input.id, input.request)),
      // The machine types the file by what it reads; what it holds is the File the page gave it.
      uploadReport: fromPromise(({ input }) => api.uploadReport(input.id, input.file as unknown as Blob)),
      deliverOrder: fromPromise(({ input }) => api.deliverOrder(input.id)),
    },
    actions: {
      showError: (_, { message }) => view.showError(message),
      announce: (_, { message }) => view.announce(message),
    },
  });
}
