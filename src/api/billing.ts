/**
 * The billing details' calls (docs/product.md#billing-details), signed in, at /users/billing; the answers are
 * checked with domain/billingContract.ts.
 */
import type { BillingValues } from '#domain/billing';
import { BillingDetails, type BillingDetailsRequest } from '#domain/billingContract';
import { get, put } from './http';

export const billingDetails = (): Promise<BillingDetails> => get('/users/billing', BillingDetails, { auth: true });

/** Sends the text as typed: the server judges it by the same rules and answers what it keeps. */
export function saveBillingDetails(values: BillingValues): Promise<BillingDetails> {
  const body: BillingDetailsRequest = values;
  return put('/users/billing', BillingDetails, body, { auth: true });
}
