/** A menu that toggles open and closed: the profile dropdown and the mobile side menu (docs/product.md#screens). */
import { setup } from 'xstate';

export type MenuEvent = { type: 'menu.toggle' } | { type: 'menu.close' };

// Stryker disable next-line ObjectLiteral: setup() is given only `types`, which nothing reads at run time
export const menuMachine = setup({
  // Stryker disable next-line ObjectLiteral: setup() reads no `types` at run time: they exist for TypeScript
  types: { events: {} as MenuEvent },
}).createMachine({
  id: 'menu',
  initial: 'closed',
  states: {
    closed: { on: { 'menu.toggle': 'open' } },
    open: { on: { 'menu.toggle': 'closed', 'menu.close': 'closed' } },
  },
});
