/** The profile's live 'Last login since X ago' counter (docs/product.md#screens): it ticks every second. */
import { assign, setup } from 'xstate';

export const TICK_MS = 1000;

export const lastLoginMachine = setup({
  types: {} as {
    context: { since: number | null; now: number };
    input: { since: string | null; now: number };
  },
  actions: {
    /** The clock is injected so that tests and the inspector see the same time. */
    readClock: assign({ now: () => Date.now() }),
  },
  delays: { tick: TICK_MS },
}).createMachine({
  id: 'lastLogin',
  context: ({ input }) => ({ since: input.since ? Date.parse(input.since) : null, now: input.now }),
  initial: 'ticking',
  states: {
    ticking: {
      after: { tick: { target: 'ticking', reenter: true, actions: 'readClock' } },
    },
  },
});
