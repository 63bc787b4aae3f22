/**
 * The invoices page's loading (SPEC 2, 8): the list, or nothing when loading fails (silently, SPEC 8).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Invoice } from '../src/api/contract';

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
        onError: { target: 'loaded', actions: assign({ invoices: [] }) },
      },
    },
    loaded: {
      on: { 'invoices.reload': 'loading' },
    },
  },
});
