/**
 * The billing details' machine (machines/billingDetails.machine.ts): sample events, answers and failures, shared
 * by its path test and its browser model (tests/e2e/model/billingDetails.model.ts).
 */
import { VAT_NUMBER_FORMAT_TEXT } from '#domain/billing';
import type { BillingDetails } from '#domain/billingContract';
import type { billingDetailsMachine } from '#machines/billingDetails.machine';
import type { PathTestOptions } from '#toolkit';

type Samples = Pick<PathTestOptions<typeof billingDetailsMachine>, 'events' | 'outputs' | 'errors' | 'filterEvents'>;

export const NO_BILLING: BillingDetails = { billingName: null, address: null, vatNumber: null };
export const BUSINESS_BILLING: BillingDetails = {
  billingName: 'Ada Analytics Ltd',
  address: '1 Main Street\nLondon',
  vatNumber: 'GB123456789',
};

export const billingDetailsSamples: Samples = {
  events: [
    { type: 'billing.change', field: 'billingName', value: 'Ada Analytics Ltd' },
    { type: 'billing.change', field: 'billingName', value: '' },
    { type: 'billing.change', field: 'address', value: '1 Main Street\nLondon' },
    // Typed as people do: lower-case, with spaces; kept as GB123456789.
    { type: 'billing.change', field: 'vatNumber', value: 'gb 123 456 789' },
    // Too short: the rule's message shows under the field and nothing can be saved.
    { type: 'billing.change', field: 'vatNumber', value: 'GB1' },
    { type: 'billing.submit' },
    { type: 'billing.retry' },
  ],
  // Typing what a field already holds changes nothing a person could see.
  filterEvents: (snapshot, event) =>
    event.type !== 'billing.change' || snapshot.context.values[event.field] !== event.value,
  outputs: { loadBilling: [NO_BILLING, BUSINESS_BILLING], saveBilling: [BUSINESS_BILLING] },
  errors: { loadBilling: [new Error('Network Error')], saveBilling: [new Error(VAT_NUMBER_FORMAT_TEXT)] },
};
