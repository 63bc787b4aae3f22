/**
 * The visit record (docs/product.md#app-start): once the splash ends and the visitor accepted cookies (the app start
 * machine starts it then), look up the visitor's geolocation at the configured
 * third-party service (all fields null when it fails or takes too long), then record the visit.
 */
import { assign, fromPromise, setup } from 'xstate';

export const GEOLOCATION_TIMEOUT_MS = 3000;

export interface Geolocation {
  country_code: string | null;
  country_name: string | null;
  city: string | null;
  postal: string | null;
  latitude: number | null;
  longitude: number | null;
  IPv4: string | null;
  state: string | null;
}

export const UNKNOWN_PLACE: Geolocation = {
  country_code: null,
  country_name: null,
  city: null,
  postal: null,
  latitude: null,
  longitude: null,
  IPv4: null,
  state: null,
};

export interface VisitRecord extends Geolocation {
  user: string | null;
  visitor: string;
  visitDate: string;
  visitTime: string;
}

export const visitMachine = setup({
  types: {} as {
    context: { user: string | null; visitor: string; place: Geolocation };
    input: { user: string | null; visitor: string };
  },
  actors: {
    locate: fromPromise<Geolocation>(async () => UNKNOWN_PLACE),
    recordVisit: fromPromise<void, { user: string | null; visitor: string; place: Geolocation }>(async () => {}),
  },
  delays: { geolocationTimeout: GEOLOCATION_TIMEOUT_MS },
}).createMachine({
  id: 'visit',
  context: ({ input }) => ({ user: input.user, visitor: input.visitor, place: UNKNOWN_PLACE }),
  initial: 'locating',
  states: {
    locating: {
      invoke: {
        id: 'locate',
        src: 'locate',
        onDone: { target: 'recording', actions: assign({ place: ({ event }) => event.output }) },
        onError: 'recording',
      },
      after: { geolocationTimeout: 'recording' },
    },
    recording: {
      invoke: {
        id: 'recordVisit',
        src: 'recordVisit',
        input: ({ context }) => ({ user: context.user, visitor: context.visitor, place: context.place }),
        onDone: 'recorded',
        // A visit that cannot be recorded is not the visitor's problem.
        onError: 'recorded',
      },
    },
    recorded: { type: 'final' },
  },
});
