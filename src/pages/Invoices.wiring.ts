/** The invoices machine's real actors, built on src/api/; the page supplies the redirect and the error toast. */
import { fromPromise } from 'xstate';
import { invoicesMachine } from '#machines/invoices.machine';
import * as api from '#src/api/invoices';

export interface InvoicesView {
  /** Leaves the site for the checkout. */
  goToPayment: (paymentLink: string) => void;
  /** Pay now failed: the text to show. */
  showError: (message: string) => void;
}

export function wireInvoices(view: InvoicesView) {
  return invoicesMachine.provide({
    actors: {
      loadInvoices: fromPromise(() => api.myInvoices()),
      renewPaymentLink: fromPromise(({ input }) => api.renewPaymentLink(input.invoiceId)),
    },
    actions: {
      goToPayment: (_, { paymentLink }) => view.goToPayment(paymentLink),
      showError: (_, { message }) => view.showError(message),
    },
  });
}
