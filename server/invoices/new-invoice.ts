/** A new invoice, unpaid, and its order awaiting payment: they exist together or not at all. */
import type { Kysely } from 'kysely';
import { newOrderedId } from '../db/ids';
import type { Database, InvoiceRow } from '../db/schema';
import { insertOrder } from '../orders/repository';
import { insertInvoiceRow } from './repository';

export async function insertInvoice(
  db: Kysely<Database>,
  fields: {
    userId: string;
    amountPence: number;
    title: string;
    type: string;
    url: string;
    provider: string;
    now: Date;
  },
): Promise<InvoiceRow> {
  const row: InvoiceRow & { user_id: string } = {
    id: newOrderedId(),
    user_id: fields.userId,
    amount_pence: fields.amountPence,
    title: fields.title,
    type: fields.type,
    url: fields.url,
    paid: 0,
    paid_at: null,
    created_at: fields.now.toISOString(),
    provider: fields.provider,
    provider_ref: null,
  };
  const write = async (trx: Kysely<Database>) => {
    await insertInvoiceRow(trx, row);
    await insertOrder(trx, row.id, fields.now);
  };
  // Callers that already hold a transaction (an order with an Idempotency-Key) pass it: SQLite has no nested ones.
  if (db.isTransaction) await write(db);
  else await db.transaction().execute(write);
  return row;
}
