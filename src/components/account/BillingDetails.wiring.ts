/** The billing details machine's real actors, built on src/api/; the page supplies the toast. */
import { fromPromise } from 'xstate';
import { billingDetailsMachine } from '#machines/billingDetails.machine';
import * as api from '#src/api/billing';

export interface BillingDetailsView {
  /** The details were saved. */
  announceSaved: () => void;
}

export function wireBillingDetails(view: BillingDetailsView) {
  return billingDetailsMachine.provide({
    actors: {
      loadBilling: fromPromise(() => api.billingDetails()),
      saveBilling: fromPromise(({ input }) => api.saveBillingDetails(input)),
    },
    actions: { announceSaved: () => view.announceSaved() },
  });
}
