/** The notifications machine's real actors, built on src/api/; the bell supplies nothing. */
import { fromPromise } from 'xstate';
import { notificationsMachine } from '#machines/notifications.machine';
import * as api from '#src/api/account';

const wired = notificationsMachine.provide({
  actors: {
    loadNotifications: fromPromise(() => api.notifications()),
    markSeen: fromPromise(({ input }) => api.seeNotifications(input.ids)),
  },
});

export function wireNotifications() {
  return wired;
}
