/**
 * The signed-in top bar's notifications: an unseen count and a list; opening the list marks them seen
 * on the server (GET /users/notifications/see).
 */
import { assign, fromPromise, setup } from 'xstate';

export interface Notification {
  id: string;
  text: string;
  createdAt: string;
  seen: boolean;
}

export type NotificationsEvent =
  { type: 'notifications.toggle' } | { type: 'notifications.close' } | { type: 'notifications.refresh' };

export const notificationsMachine = setup({
  types: {
    context: {} as { notifications: Notification[] },
    events: {} as NotificationsEvent,
    tags: {} as 'loading' | 'open',
  },
  actors: {
    loadNotifications: fromPromise<Notification[]>(async () => []),
    markSeen: fromPromise<void>(async () => {}),
  },
}).createMachine({
  id: 'notifications',
  context: { notifications: [] },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadNotifications',
        src: 'loadNotifications',
        onDone: { target: 'closed', actions: assign({ notifications: ({ event }) => event.output }) },
        // The bell simply stays empty when the list cannot be read.
        onError: 'closed',
      },
    },
    closed: {
      on: { 'notifications.toggle': 'open', 'notifications.refresh': 'loading' },
    },
    open: {
      tags: ['open'],
      initial: 'markingSeen',
      states: {
        markingSeen: {
          invoke: {
            id: 'markSeen',
            src: 'markSeen',
            onDone: {
              target: 'seen',
              actions: assign({
                notifications: ({ context }) => context.notifications.map((n) => ({ ...n, seen: true })),
              }),
            },
            onError: 'seen',
          },
        },
        seen: {},
      },
      on: { 'notifications.toggle': 'closed', 'notifications.close': 'closed' },
    },
  },
});
