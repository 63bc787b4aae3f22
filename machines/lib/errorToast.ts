/**
 * The error toast of a failed request (docs/product.md#errors): the machine's `showError` action (the view
 * provides the toast) with the text the failure carries. Machines use it by name on an invoke's `onError`,
 * so every one says a failure the same way.
 */
import type { ErrorActorEvent } from 'xstate';
import { errorMessage } from '#domain/errorMessage';

export const toastActorError = {
  type: 'showError',
  params: ({ event }: { event: ErrorActorEvent }) => ({ message: errorMessage(event.error) }),
} as const;
