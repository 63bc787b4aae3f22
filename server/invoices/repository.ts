/** Queries on the invoices table. Amounts are stored in whole pence; the wire carries pounds. */
import type { Kysely } from 'kysely';
import { isWellFormedId, newOrderedId } from '../db/ids';
import type { Database, InvoiceRow } from '../db/schema';

export function poundsToPence(pounds: number): number {
  return Math.round(pounds * 100);
}

export function penceToPounds(pence: number): number {
  return pence / 100;
}

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
  const row: InvoiceRow = {
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
  await db.insertInto('invoices').values(row).execute();
  return row;
}

export async function findInvoice(db: Kysely<Database>, id: string): Promise<InvoiceRow | undefined> {
  if (!isWellFormedId(id)) return undefined;
  return db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user's invoices, newest first; invoices made in the same millisecond keep their insertion order. */
export function listInvoicesForUser(db: Kysely<Database>, userId: string): Promise<InvoiceRow[]> {
  return db
    .selectFrom('invoices')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function setProviderRef(db: Kysely<Database>, id: string, providerRef: string): Promise<void> {
  await db.updateTable('invoices').set({ provider_ref: providerRef }).where('id', '=', id).execute();
}
