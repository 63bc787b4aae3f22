/** The staff panel machine's real actors, built on src/api/; the panel supplies the toasts. */
import { fromPromise } from 'xstate';
import { officeStaffMachine } from '#machines/officeStaff.machine';
import * as api from '#src/api/office';

export interface OfficeStaffView {
  showError: (message: string) => void;
  announce: (message: string) => void;
}

export function wireOfficeStaff(view: OfficeStaffView) {
  return officeStaffMachine.provide({
    actors: {
      loadStaff: fromPromise(() => api.staffList()),
      grantOffice: fromPromise(({ input }) => api.grantOffice(input.email)),
      revokeOffice: fromPromise(({ input }) => api.revokeOffice(input.id)),
    },
    actions: {
      showError: (_, { message }) => view.showError(message),
      announce: (_, { message }) => view.announce(message),
    },
  });
}
