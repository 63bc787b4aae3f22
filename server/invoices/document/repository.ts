/** Queries on the invoice documents, their numbering series and their kept PDFs (docs/invoices.md). */
import { type Kysely, sql } from 'kysely';
import type { Database } from '#server/db/schema';
import type { InvoiceDocumentData } from './data';

/** Raises the series by one and answers the number given out (1 for a new series). */
export async function takeNumber(trx: Kysely<Database>, series: string): Promise<number> {
  const row = await trx
    .insertInto('invoice_number_series')
    .values({ series, last_number: 1 })
    .onConflict((conflict) =>
      conflict.column('series').doUpdateSet({ last_number: sql<number>`invoice_number_series.last_number + 1` }),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

export async function insertDocument(trx: Kysely<Database>, invoiceId: string, data: InvoiceDocumentData) {
  await trx
    .insertInto('invoice_documents')
    .values({ invoice_id: invoiceId, number: data.number, issued_at: data.issuedAt, data: JSON.stringify(data) })
    .execute();
}

/** The document of an invoice, or undefined when none was issued (the invoice is unpaid). */
export async function readInvoiceDocument(
  db: Kysely<Database>,
  invoiceId: string,
): Promise<InvoiceDocumentData | undefined> {
  const row = await db
    .selectFrom('invoice_documents')
    .select('data')
    .where('invoice_id', '=', invoiceId)
    .executeTakeFirst();
  return row ? (JSON.parse(row.data) as InvoiceDocumentData) : undefined;
}

/** Stores the PDF of a document that has none yet; `db` may be the payment's transaction. */
export async function storePdf(db: Kysely<Database>, invoiceId: string, pdf: Uint8Array, sha256: string) {
  await db
    .updateTable('invoice_documents')
    .set({ pdf, pdf_sha256: sha256 })
    .where('invoice_id', '=', invoiceId)
    .where('pdf', 'is', null)
    .execute();
}

/** The document's number, data and kept PDF with its checksum (the PDF null until kept). */
export function findDocument(db: Kysely<Database>, invoiceId: string) {
  return db
    .selectFrom('invoice_documents')
    .select(['number', 'data', 'pdf', 'pdf_sha256'])
    .where('invoice_id', '=', invoiceId)
    .executeTakeFirst();
}

/** The PDF kept for the document (after a keep: whoever kept one first). */
export async function findKeptPdf(db: Kysely<Database>, invoiceId: string): Promise<Uint8Array | null> {
  const kept = await db
    .selectFrom('invoice_documents')
    .select('pdf')
    .where('invoice_id', '=', invoiceId)
    .executeTakeFirstOrThrow();
  return kept.pdf;
}

/** Whether the invoice is the user's (a document's download is its owner's only). */
export async function isOwnedBy(db: Kysely<Database>, invoiceId: string, userId: string): Promise<boolean> {
  const owned = await db
    .selectFrom('invoices')
    .select('id')
    .where('id', '=', invoiceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return owned !== undefined;
}
