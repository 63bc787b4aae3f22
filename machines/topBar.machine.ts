/** The landing page's top bar (docs/product.md#screens): transparent over the hero, solid black once scrolled 80 px. */
import { setup } from 'xstate';

export const SOLID_AFTER_PX = 80;

export type TopBarEvent = { type: 'page.scrolled'; y: number };

export const topBarMachine = setup({
  types: {} as { events: TopBarEvent; tags: 'solid' },
  guards: {
    pastThreshold: ({ event }) => event.y >= SOLID_AFTER_PX,
    beforeThreshold: ({ event }) => event.y < SOLID_AFTER_PX,
  },
}).createMachine({
  id: 'topBar',
  initial: 'transparent',
  states: {
    transparent: { on: { 'page.scrolled': { guard: 'pastThreshold', target: 'solid' } } },
    solid: { tags: ['solid'], on: { 'page.scrolled': { guard: 'beforeThreshold', target: 'transparent' } } },
  },
});
