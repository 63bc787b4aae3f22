/**
 * Records this visit (docs/product.md#app-start). Loaded on demand once the splash ends and the visitor
 * accepted cookies (machines/appStart.machine.ts), so the landing page's first download does not carry it.
 */
import { createActor, fromPromise } from 'xstate';
import { visitMachine } from '#machines/visit.machine';
import { locate, recordVisit, visitorId } from '../api/visits';
import type { Inspect } from '../common/wiring/ports';

export function startVisitRecord(user: string | null, inspect: Inspect | undefined) {
  return createActor(
    visitMachine.provide({
      actors: {
        locate: fromPromise(({ signal }) => locate(signal)),
        recordVisit: fromPromise(({ input }) => recordVisit(input).then(() => undefined)),
      },
    }),
    { inspect, input: { user, visitor: visitorId() } },
  ).start();
}
