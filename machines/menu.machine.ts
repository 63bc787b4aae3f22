/** A menu that toggles open and closed: the profile dropdown and the mobile side menu (docs/product.md#screens). */
import { setup } from 'xstate';

export type MenuEvent = { type: 'menu.toggle' } | { type: 'menu.close' };

export const menuMachine = setup({
  types: { events: {} as MenuEvent, tags: {} as 'open' },
}).createMachine({
  id: 'menu',
  initial: 'closed',
  states: {
    closed: { on: { 'menu.toggle': 'open' } },
    open: { tags: ['open'], on: { 'menu.toggle': 'closed', 'menu.close': 'closed' } },
  },
});
