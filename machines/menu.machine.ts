/** A menu that toggles open and closed: the profile dropdown and the mobile side menu (docs/product.md#screens). */
import { createMachine } from 'xstate';

export type MenuEvent = { type: 'menu.toggle' } | { type: 'menu.close' };

// Nothing to set up but its types: they sit in the machine's own config.
export const menuMachine = createMachine({
  types: {} as { events: MenuEvent; tags: 'open' },
  id: 'menu',
  initial: 'closed',
  states: {
    closed: { on: { 'menu.toggle': 'open' } },
    open: { tags: ['open'], on: { 'menu.toggle': 'closed', 'menu.close': 'closed' } },
  },
});
