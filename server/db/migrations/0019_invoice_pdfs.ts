/**
 * An issued invoice document's PDF, kept as issued (docs/invoices.md#kept-as-issued): drawn once, its bytes and
 * their SHA-256 stored beside the frozen data, so a download serves exactly what was issued, whatever fonts and
 * code run on the day, and costs no drawing. Null for documents issued before this column: each is drawn once, on
 * its first download, and kept from then on.
 */
import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Dialect branch, unavoidable (as in migration 0004): raw bytes are `blob` in SQLite and `bytea` in PostgreSQL.
  await db.schema
    .alterTable('invoice_documents')
    .addColumn('pdf', isPostgres(db) ? 'bytea' : 'blob')
    .execute();
  // Hex; checked on every read, so a damaged copy is refused rather than served as the company's document.
  await db.schema.alterTable('invoice_documents').addColumn('pdf_sha256', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invoice_documents').dropColumn('pdf_sha256').execute();
  await db.schema.alterTable('invoice_documents').dropColumn('pdf').execute();
}
