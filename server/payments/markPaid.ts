/**
 * The one code path that marks an invoice paid, called by the sandbox checkout's Pay and by the Stripe
 * webhook alike. Idempotent and race-free: the update only matches an unpaid invoice, so of two payments
 * arriving at once exactly one wins, and the first paid_at is never overwritten.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ProviderName } from './provider';

export interface PaymentConfirmation {
  provider: ProviderName;
  /** The provider's id of the payment, when it has one; kept on the invoice. */
  reference: string | null;
  at: Date;
}

/** True when this call marked the invoice paid; false when it was already paid or does not exist. */
export async function markInvoicePaid(
  db: Kysely<Database>,
  invoiceId: string,
  { provider, reference, at }: PaymentConfirmation,
): Promise<boolean> {
  const result = await db
    .updateTable('invoices')
    .set({ paid: 1, paid_at: at.toISOString(), provider, ...(reference !== null ? { provider_ref: reference } : {}) })
    .where('id', '=', invoiceId)
    .where('paid', '=', 0)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
