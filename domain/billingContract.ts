/**
 * The billing details' part of the wire contract (docs/product.md#billing-details): `GET` and `PUT
 * /api/users/billing`. Kept out of contract.ts, which the landing page's first download carries: only the
 * profile's chunk needs these. The rules are in domain/billing.ts.
 */
import { type Infer, nullable, optional, size, string, type } from 'superstruct';
import { BILLING_ADDRESS_MAX, BILLING_NAME_MAX } from './billing';

/** What the server holds, in the normal form (domain/billing.ts, normalizeBilling); none is null. */
export const BillingDetails = type({
  billingName: nullable(string()),
  /** Lines separated by "\n". */
  address: nullable(string()),
  vatNumber: nullable(string()),
});
export type BillingDetails = Infer<typeof BillingDetails>;

/**
 * The text as typed. A field left out, null or empty clears it (the request says the whole of the details). The
 * sizes only keep a huge body out; the rules' own messages come from validateBilling.
 */
export const BillingDetailsRequest = type({
  billingName: optional(nullable(size(string(), 0, BILLING_NAME_MAX * 4))),
  address: optional(nullable(size(string(), 0, BILLING_ADDRESS_MAX * 4))),
  vatNumber: optional(nullable(size(string(), 0, 100))),
});
export type BillingDetailsRequest = Infer<typeof BillingDetailsRequest>;
