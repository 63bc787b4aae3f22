/**
 * The invoices page's loading: the customer's list, or, when it cannot be loaded, nothing. A failure stops
 * the loading silently (no error text) and leaves the list empty, but 'unavailable' is not 'loaded': the
 * page must not claim the customer has no invoices when it could not look. Reloading, offered only then,
 * tries again.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Invoice } from '#domain/contract';

export type InvoicesEvent = { type: 'invoices.reload' };

export const invoicesMachine = setup({
  types: { context: {} as { invoices: Invoice[] }, events: {} as InvoicesEvent },
  actors: {
    loadInvoices: fromPromise<Invoice[]>(async () => []),
  },
}).createMachine({
  id: 'invoices',
  context: { invoices: [] },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadInvoices',
        src: 'loadInvoices',
        onDone: { target: 'loaded', actions: assign({ invoices: ({ event }) => event.output }) },
        // Only 'loaded' holds a list, and it is never left: here the list is still the empty one it started as.
        onError: 'unavailable',
      },
    },
    /** The server's answer: the list, which may be empty. The page offers no reload here. */
    loaded: {},
    /** No answer: nothing is known about the list; the page offers to load it again. */
    unavailable: {
      on: { 'invoices.reload': 'loading' },
    },
  },
});
