/**
 * The service detail page's loading (docs/product.md#screens): an unknown id goes to /not-found; a known one shows a
 * spinner for 3 s, then the service.
 */
import { setup } from 'xstate';
import { providedByView } from './lib/providedByView';

export const SERVICE_PAGE_MINIMUM_MS = 3000;

export const serviceDetailsMachine = setup({
  types: {} as { input: { known: boolean }; context: { known: boolean }; tags: 'shown' | 'missing' },
  actions: { goNotFound: providedByView() },
  guards: { isKnown: ({ context }) => context.known },
  delays: { pageMinimum: SERVICE_PAGE_MINIMUM_MS },
}).createMachine({
  id: 'serviceDetails',
  context: ({ input }) => ({ known: input.known }),
  initial: 'checking',
  states: {
    checking: { always: [{ guard: 'isKnown', target: 'loading' }, { target: 'missing' }] },
    loading: { after: { pageMinimum: 'shown' } },
    shown: { tags: ['shown'] },
    missing: { type: 'final', tags: ['missing'], entry: 'goNotFound' },
  },
});
