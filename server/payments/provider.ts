/**
 * The payment provider interface. An order creates an unpaid invoice and asks the provider for a link the
 * customer's browser is sent to; the provider later confirms the payment, and the invoice is marked paid
 * through `markInvoicePaid` (the same function for every provider).
 */
import type { InvoiceRow, UserRow } from '../db/schema';

export type ProviderName = 'sandbox' | 'stripe';

export interface PaymentLink {
  /** Where the customer pays. */
  url: string;
  /** The provider's own id for this payment (stored as the invoice's provider_ref), if it has one. */
  reference: string | null;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /**
   * Rejects when the provider cannot be reached or refuses; the caller answers 502. `site` is the origin the
   * customer ordered from (server/http/site-origin.ts): a checkout this server serves opens there, and returns
   * there. Stripe returns to PUBLIC_URL, the only origin a public site trusts.
   */
  createPaymentLink(invoice: InvoiceRow, user: UserRow, site: string): Promise<PaymentLink>;
  /**
   * A fresh link for an unpaid invoice (its customer's "Pay now"): the invoice's earlier link, named by its
   * provider_ref, stops working first, so that at most one checkout for it can take money. Rejects like
   * `createPaymentLink`.
   */
  renewPaymentLink(invoice: InvoiceRow, user: UserRow, site: string): Promise<PaymentLink>;
}
