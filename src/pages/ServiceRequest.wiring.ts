/** The order wizard's real actor, built on src/api/; the page supplies the redirect and the error toast. */
import { fromPromise } from 'xstate';
import { wizardMachine } from '#machines/wizard.machine';
import * as api from '#src/api/invoices';

export interface WizardView {
  /** Leaves the site for the checkout. */
  goToPayment: (paymentLink: string) => void;
  /** The order failed: the text to show. */
  showError: (message: string) => void;
}

export function wireWizard(view: WizardView) {
  return wizardMachine.provide({
    actors: { createInvoice: fromPromise(({ input }) => api.createInvoice(input)) },
    actions: {
      goToPayment: (_, { paymentLink }) => view.goToPayment(paymentLink),
      showError: (_, { message }) => view.showError(message),
    },
  });
}
