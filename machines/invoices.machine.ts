/**
 * The invoices page: the customer's list, the confirmation of a checkout they return from, and "Pay now" on
 * an unpaid invoice.
 * Loading: the list, or, when it cannot be loaded, nothing. A failure stops the loading silently (no error
 * text) and leaves the list empty, but 'unavailable' is not 'loaded': the page must not claim the customer
 * has no invoices when it could not look. Reloading, offered only then, tries again.
 * The return from a checkout (`?payment=paid|cancelled`, the URLs the server gives the provider) is the
 * machine's input: its notice shows whatever the list does, until the customer dismisses it. The page then
 * drops the return from the address, so a reload does not announce the payment a second time.
 * Pay now asks the server for a fresh payment link (the earlier one stops working) and leaves for it; a
 * failure shows its error toast and the list stays.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Invoice, PaymentReturn } from '#domain/contract';
import { toastActorError } from './lib/errorToast';
import { providedByView } from './lib/providedByView';

export type InvoicesEvent =
  { type: 'invoices.reload' } | { type: 'invoices.pay'; invoiceId: string } | { type: 'invoices.dismissNotice' };

export interface InvoicesContext {
  invoices: Invoice[];
  /** How the checkout the customer came back from ended; null when they did not come from one. */
  notice: PaymentReturn | null;
  /** The invoice Pay now was pressed on, while its link is made; null otherwise. */
  paying: string | null;
}

export const invoicesMachine = setup({
  types: {} as {
    context: InvoicesContext;
    events: InvoicesEvent;
    input: { returned?: PaymentReturn | null };
    tags: 'loading' | 'busy' | 'failed';
  },
  actors: {
    loadInvoices: fromPromise<Invoice[]>(async () => []),
    renewPaymentLink: fromPromise<{ paymentLink: string }, { invoiceId: string }>(async () => {
      throw new Error('renewPaymentLink is not provided');
    }),
  },
  actions: {
    goToPayment: providedByView<{ paymentLink: string }>(),
    showError: providedByView<{ message: string }>(),
  },
  guards: {
    /** Only a notice on the page can be dismissed. */
    hasNotice: ({ context }) => context.notice !== null,
  },
}).createMachine({
  id: 'invoices',
  context: ({ input }) => ({ invoices: [], notice: input.returned ?? null, paying: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      on: { 'invoices.dismissNotice': { guard: 'hasNotice', actions: assign({ notice: null }) } },
      invoke: {
        id: 'loadInvoices',
        src: 'loadInvoices',
        onDone: { target: 'loaded', actions: assign({ invoices: ({ event }) => event.output }) },
        // Only 'loaded' holds a list: here the list is still the empty one it started as.
        onError: 'unavailable',
      },
    },
    /** The server's answer: the list, which may be empty. The page offers no reload here. */
    loaded: {
      on: {
        'invoices.dismissNotice': { guard: 'hasNotice', actions: assign({ notice: null }) },
        'invoices.pay': { target: 'paying', actions: assign({ paying: ({ event }) => event.invoiceId }) },
      },
    },
    /** A fresh payment link is being made for one unpaid invoice; the list stays as it is. */
    paying: {
      tags: ['busy'],
      on: { 'invoices.dismissNotice': { guard: 'hasNotice', actions: assign({ notice: null }) } },
      invoke: {
        id: 'renewPaymentLink',
        src: 'renewPaymentLink',
        input: ({ context }) => ({ invoiceId: context.paying! }),
        onDone: {
          target: 'redirecting',
          actions: { type: 'goToPayment', params: ({ event }) => ({ paymentLink: event.output.paymentLink }) },
        },
        onError: { target: 'loaded', actions: [assign({ paying: null }), toastActorError] },
      },
    },
    /** The browser is on its way to the checkout (the notice goes with the page). */
    redirecting: { type: 'final', tags: ['busy'] },
    /** No answer: nothing is known about the list; the page offers to load it again. */
    unavailable: {
      tags: ['failed'],
      on: {
        'invoices.dismissNotice': { guard: 'hasNotice', actions: assign({ notice: null }) },
        'invoices.reload': 'loading',
      },
    },
  },
});
