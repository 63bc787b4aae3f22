/**
 * The hours editor's real actors, built on src/api/. An admin's picker is fed by the staff list they already
 * get, fetched with the hours so the list and the hours shown are of one moment.
 */
import { fromPromise } from 'xstate';
import { officeHoursMachine } from '#machines/officeHours.machine';
import * as api from '#src/api/office';

export function wireOfficeHours() {
  return officeHoursMachine.provide({
    actors: {
      loadHours: fromPromise(async ({ input }) => {
        const [hours, staff] = await Promise.all([
          api.loadAvailability(input.member ?? undefined),
          input.staff ? api.staffList() : Promise.resolve([]),
        ]);
        return { hours, staff };
      }),
      saveHours: fromPromise(({ input }) => api.saveAvailability(input.hours, input.member ?? undefined)),
    },
  });
}
