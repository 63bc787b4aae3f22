import { menuMachine } from '#machines/menu.machine';
import { describePathTests } from './pathTest';

describePathTests({
  machine: menuMachine,
  events: [{ type: 'menu.toggle' }, { type: 'menu.close' }],
});
