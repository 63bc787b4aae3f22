/**
 * An issued document's PDF, kept as issued (docs/invoices.md#kept-as-issued): stored with its SHA-256 when it is
 * first drawn (at payment, or on the first download of a document issued before PDFs were kept), and served from
 * then on exactly as stored. A stored copy whose checksum no longer matches is never served as the company's
 * document: the download is refused and the operator told.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { HttpError } from '#server/http/errors';
import type { ServerLog } from '#server/log';
import type { InvoiceDocumentData } from './data';
import { findDocument, findKeptPdf, storePdf } from './repository';

export const DOCUMENT_DAMAGED_TEXT =
  'This document cannot be served right now. We have been told and will fix it; please try again later.';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Keeps the PDF of a document that has none yet; `db` may be the payment's transaction. */
export async function keepPdf(db: Kysely<Database>, invoiceId: string, pdf: Uint8Array): Promise<void> {
  await storePdf(db, invoiceId, pdf, sha256(pdf));
}

/**
 * The document's PDF as issued; drawn (in the pool) and kept first when the document has none. Undefined when
 * the invoice has no document (unpaid).
 */
export async function keptPdf(
  services: {
    db: Kysely<Database>;
    threads: { draw(document: InvoiceDocumentData): Promise<Uint8Array> };
    log: ServerLog;
  },
  invoiceId: string,
): Promise<{ number: string; pdf: Uint8Array<ArrayBuffer> } | undefined> {
  const { db, threads, log } = services;
  const row = await findDocument(db, invoiceId);
  if (!row) return undefined;
  if (row.pdf !== null) {
    const pdf = new Uint8Array(row.pdf);
    if (sha256(pdf) !== row.pdf_sha256) {
      log.logger.error(
        { event: 'document.damaged', invoiceId, number: row.number },
        'a stored invoice document no longer matches its checksum; it is not served',
      );
      throw new HttpError(503, DOCUMENT_DAMAGED_TEXT);
    }
    return { number: row.number, pdf };
  }
  const pdf = await threads.draw(JSON.parse(row.data) as InvoiceDocumentData);
  await keepPdf(db, invoiceId, pdf);
  // Whoever kept one first (two downloads at once) is what every later download serves.
  const kept = await findKeptPdf(db, invoiceId);
  return { number: row.number, pdf: new Uint8Array(kept ?? pdf) };
}
