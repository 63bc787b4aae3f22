/**
 * Toasts (docs/product.md#constants): added, updated, removed; top-right by default; each closes after 5000 ms,
 * counted again from an update. The close timer is a delayed event with the toast's id, so
 * removing a toast early also cancels its timer.
 */
import { assign, enqueueActions, raise, setup } from 'xstate';

export const TOAST_DURATION_MS = 5000;

export type ToastVariant = 'success' | 'error' | 'warning' | 'info';
export type ToastPosition = 'top-right' | 'top-left';

export interface Toast {
  id: string;
  title: string;
  variant: ToastVariant;
  position: ToastPosition;
}

export interface ToastRequest {
  /** A caller that will update its toast names it; otherwise the machine numbers it. */
  id?: string;
  title: string;
  variant?: ToastVariant;
  position?: ToastPosition;
}

export type ToastsEvent =
  | { type: 'toast.add'; toast: ToastRequest }
  | { type: 'toast.update'; id: string; changes: Partial<Omit<ToastRequest, 'id'>> }
  | { type: 'toast.remove'; id: string };

interface ToastsContext {
  toasts: Toast[];
  nextId: number;
}

const timerId = (id: string) => `close-${id}`;

export const toastsMachine = setup({
  types: {} as { context: ToastsContext; events: ToastsEvent },
  delays: { toastDuration: TOAST_DURATION_MS },
  guards: {
    hasTitle: ({ event }) => event.type === 'toast.update' && event.changes.title !== undefined,
    isShown: ({ context, event }) => 'id' in event && context.toasts.some((toast) => toast.id === event.id),
  },
}).createMachine({
  id: 'toasts',
  context: { toasts: [], nextId: 1 },
  initial: 'showing',
  states: {
    showing: {
      on: {
        'toast.add': {
          actions: [
            assign(({ context, event }) => ({
              nextId: context.nextId + 1,
              toasts: [
                // A named toast shown again replaces the one on screen.
                ...context.toasts.filter((toast) => toast.id !== event.toast.id),
                {
                  id: event.toast.id ?? `toast-${context.nextId}`,
                  title: event.toast.title,
                  variant: event.toast.variant ?? 'info',
                  position: event.toast.position ?? 'top-right',
                },
              ],
            })),
            enqueueActions(({ context, enqueue }) => {
              const { id } = context.toasts.at(-1)!;
              enqueue.cancel(timerId(id));
              enqueue.raise({ type: 'toast.remove', id }, { delay: 'toastDuration', id: timerId(id) });
            }),
          ],
        },
        'toast.update': [
          {
            guard: 'isShown',
            actions: [
              assign({
                toasts: ({ context, event }) =>
                  context.toasts.map((toast) => (toast.id === event.id ? { ...toast, ...event.changes } : toast)),
              }),
              enqueueActions(({ event, enqueue }) => {
                enqueue.cancel(timerId(event.id));
                enqueue.raise(
                  { type: 'toast.remove', id: event.id },
                  { delay: 'toastDuration', id: timerId(event.id) },
                );
              }),
            ],
          },
          /** A toast closed meanwhile is shown again with its new text. */
          {
            guard: 'hasTitle',
            actions: raise(({ event }) => ({
              type: 'toast.add' as const,
              toast: { ...event.changes, id: event.id, title: event.changes.title! },
            })),
          },
        ],
        'toast.remove': {
          guard: 'isShown',
          actions: [
            assign({ toasts: ({ context, event }) => context.toasts.filter((toast) => toast.id !== event.id) }),
            enqueueActions(({ event, enqueue }) => enqueue.cancel(timerId(event.id))),
          ],
        },
      },
    },
  },
});
