/**
 * A failed request's text kept in `context.error`, where the view shows it (docs/product.md#errors). A machine
 * registers it in its `setup()` as `assignError` and names it on an invoke's `onError`, so every machine keeps a
 * failure's text the same way and the inspector shows the step by name.
 */
import { assign, type ErrorActorEvent, type EventObject } from 'xstate';
import { errorMessage } from '#domain/errorMessage';

/** The action, typed for the machine's own context and events. */
export function assignError<TContext extends { error: string | null }, TEvent extends EventObject>() {
  return assign<TContext, TEvent, undefined, TEvent, never>(
    // Named in `onError` only, so the event is the invoke's error event and `error` what the actor threw.
    ({ event }) => ({ error: errorMessage((event as unknown as ErrorActorEvent).error) }) as Partial<TContext>,
  );
}
