/** Queries on the invoices table. Amounts are stored in whole pence (server/orders/pence.ts). */
import type { Kysely, Selectable } from 'kysely';
import { isWellFormedId } from '../db/ids';
import { preparedQuery } from '../db/prepared';
import type { Database, InvoiceRow, OrdersTable } from '../db/schema';

const insertUnpaidInvoice = preparedQuery(
  (
    db: Kysely<Database>,
    id: string,
    userId: string,
    amountPence: number,
    title: string,
    type: string,
    url: string,
    createdAt: string,
    provider: string,
  ) =>
    db.insertInto('invoices').values({
      id,
      user_id: userId,
      amount_pence: amountPence,
      title,
      type,
      url,
      paid: 0,
      paid_at: null,
      created_at: createdAt,
      provider,
      provider_ref: null,
    }),
);

/** Writes the unpaid invoice's row (new-invoice.ts writes its order with it). */
export async function insertInvoiceRow(db: Kysely<Database>, row: InvoiceRow & { user_id: string }): Promise<void> {
  await insertUnpaidInvoice(
    db,
    row.id,
    row.user_id,
    row.amount_pence,
    row.title,
    row.type,
    row.url,
    row.created_at,
    row.provider,
  );
}

export async function findInvoice(db: Kysely<Database>, id: string): Promise<InvoiceRow | undefined> {
  if (!isWellFormedId(id)) return undefined;
  return db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
}

/** What an invoice listing carries of its order (never the report's bytes). */
export type InvoiceOrderColumns = Pick<
  Selectable<OrdersTable>,
  'status' | 'scheduled_at' | 'join_info' | 'late_reason' | 'delivered_at' | 'report_name' | 'call_chosen_by_customer'
>;
/** With the number of its document, once issued (a listing joins it). */
export type InvoiceWithOrder = InvoiceRow &
  InvoiceOrderColumns & { document_number: string | null; call_with: string | null };

/** The user's invoices with their orders, newest first; invoices made in the same millisecond keep their insertion order. */
export const listInvoicesForUser: (db: Kysely<Database>, userId: string) => Promise<InvoiceWithOrder[]> = preparedQuery(
  (db: Kysely<Database>, userId: string) =>
    db
      .selectFrom('invoices')
      .innerJoin('orders', 'orders.invoice_id', 'invoices.id')
      .leftJoin('invoice_documents', 'invoice_documents.invoice_id', 'invoices.id')
      // The office member who holds the call, named on the card.
      .leftJoin('users as holder', 'holder.id', 'orders.call_member_id')
      .selectAll('invoices')
      .select([
        'invoice_documents.number as document_number',
        'holder.name as call_with',
        'orders.status',
        'orders.call_chosen_by_customer',
        'orders.scheduled_at',
        'orders.join_info',
        'orders.late_reason',
        'orders.delivered_at',
        'orders.report_name',
      ])
      .where('invoices.user_id', '=', userId)
      .orderBy('invoices.created_at', 'desc')
      .orderBy('invoices.id', 'desc'),
);

export async function setProviderRef(db: Kysely<Database>, id: string, providerRef: string): Promise<void> {
  await db.updateTable('invoices').set({ provider_ref: providerRef }).where('id', '=', id).execute();
}
