/** Queries of a payment: marking its invoice paid, what the payment needs of it, and the events applied. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Records the event as applied; false when it was recorded before (a replay or a re-delivery). */
export async function recordEvent(
  trx: Kysely<Database>,
  provider: string,
  eventId: string,
  now: Date,
): Promise<boolean> {
  const recorded = await trx
    .insertInto('payment_events')
    .values({ provider, event_id: eventId, processed_at: now.toISOString() })
    .onConflict((conflict) => conflict.columns(['provider', 'event_id']).doNothing())
    .executeTakeFirst();
  return recorded.numInsertedOrUpdatedRows !== 0n;
}

/** Marks the invoice paid unless it is already; true when this call did (of two payments at once, one wins). */
export async function setPaid(
  trx: Kysely<Database>,
  invoiceId: string,
  { provider, reference, at }: { provider: string; reference: string | null; at: Date },
): Promise<boolean> {
  const result = await trx
    .updateTable('invoices')
    .set({ paid: 1, paid_at: at.toISOString(), provider, ...(reference !== null ? { provider_ref: reference } : {}) })
    .where('id', '=', invoiceId)
    .where('paid', '=', 0)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The paid invoice with its customer (and billing details) and its order's status. */
export function findPaidInvoice(trx: Kysely<Database>, invoiceId: string) {
  return trx
    .selectFrom('invoices')
    .innerJoin('users', 'users.id', 'invoices.user_id')
    .innerJoin('orders', 'orders.invoice_id', 'invoices.id')
    .select(['users.id as user_id', 'invoices.title', 'invoices.type', 'invoices.url', 'invoices.amount_pence'])
    .select('invoices.created_at')
    .select(['users.email', 'users.name', 'orders.status'])
    .select(['users.billing_name', 'users.billing_address', 'users.billing_vat_number'])
    .where('invoices.id', '=', invoiceId)
    .executeTakeFirstOrThrow();
}

export type PaidInvoiceRow = Awaited<ReturnType<typeof findPaidInvoice>>;
