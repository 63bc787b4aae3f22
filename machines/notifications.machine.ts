/**
 * The signed-in top bar's notifications: an unseen count and a list. Opening the list reads it again, so that
 * what the server wrote since the page opened shows, then marks seen what it showed, by id, on the server
 * (POST /users/notifications/see). One written after that read stays new (docs/product.md#profile).
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
  types: {} as {
    context: { notifications: Notification[] };
    events: NotificationsEvent;
    tags: 'loading' | 'open';
  },
  actors: {
    loadNotifications: fromPromise<Notification[]>(async () => []),
    /** Marks seen the notifications the list showed, by id. */
    markSeen: fromPromise<void, { ids: string[] }>(async () => {}),
  },
  actions: {
    keepList: assign({ notifications: (_, list: Notification[]) => list }),
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
        onDone: { target: 'closed', actions: { type: 'keepList', params: ({ event }) => event.output } },
        // The bell simply stays empty when the list cannot be read.
        onError: 'closed',
      },
    },
    closed: {
      on: { 'notifications.toggle': 'open', 'notifications.refresh': 'loading' },
    },
    open: {
      tags: ['open'],
      initial: 'reading',
      states: {
        // The list shows what was read before while it is read again: the bell's news may be minutes old.
        reading: {
          tags: ['loading'],
          invoke: {
            id: 'readNotifications',
            src: 'loadNotifications',
            onDone: { target: 'markingSeen', actions: { type: 'keepList', params: ({ event }) => event.output } },
            // The list read before is what shows, and so what is marked.
            onError: 'markingSeen',
          },
        },
        markingSeen: {
          invoke: {
            id: 'markSeen',
            src: 'markSeen',
            input: ({ context }) => ({ ids: context.notifications.filter((n) => !n.seen).map((n) => n.id) }),
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
