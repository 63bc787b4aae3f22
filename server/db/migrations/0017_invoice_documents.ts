/**
 * Invoice documents (docs/decisions/0031-invoice-documents.md): each paid invoice gets a number from a gap-free
 * series and the frozen data its PDF is made from, both written in the payment's own transaction.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invoice_number_series')
    // The prefix and the year, e.g. 'NG-2026' (test payments: 'TEST-NG-2026'): each counts from 1.
    .addColumn('series', 'text', (col) => col.primaryKey())
    // The last number given out. Raised in the payment's transaction, so a payment that rolls back gives its
    // number back, and two payments at once wait on this row for each other: no gap, no number twice.
    .addColumn('last_number', 'integer', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('invoice_documents')
    // One document per invoice: a second payment event for the same invoice issues nothing.
    .addColumn('invoice_id', 'text', (col) => col.primaryKey().references('invoices.id').onDelete('cascade'))
    .addColumn('number', 'text', (col) => col.notNull().unique())
    .addColumn('issued_at', 'text', (col) => col.notNull())
    // The InvoiceDocumentData the PDF is drawn from, as JSON: never changed once written.
    .addColumn('data', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invoice_documents').execute();
  await db.schema.dropTable('invoice_number_series').execute();
}
