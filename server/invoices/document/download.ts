/**
 * The invoice document as a download: for its owner (/api/orders/<id>/invoice.pdf) and for the office
 * (/api/office/orders/<id>/invoice.pdf). Drawn again from the frozen data on every download (docs/invoices.md):
 * the same data always gives the same bytes.
 */
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppEnv } from '../../http/app-env';
import { HttpError, NOT_FOUND_TEXT } from '../../http/errors';
import { readInvoiceDocument } from './issue';
import { renderInvoicePdf } from './pdf';

/**
 * The PDF of the invoice's document; 404 when there is none, or when `ownerId` is given and the invoice is not
 * theirs (the same answer, so nothing is learnt about other customers' invoices).
 */
export async function invoiceDocumentResponse(
  c: Context<AppEnv>,
  db: Kysely<Database>,
  invoiceId: string,
  ownerId: string | null,
): Promise<Response> {
  if (ownerId !== null) {
    const owned = await db
      .selectFrom('invoices')
      .select('id')
      .where('id', '=', invoiceId)
      .where('user_id', '=', ownerId)
      .executeTakeFirst();
    if (!owned) throw new HttpError(404, NOT_FOUND_TEXT);
  }
  const document = await readInvoiceDocument(db, invoiceId);
  if (!document) throw new HttpError(404, NOT_FOUND_TEXT);
  const pdf = await renderInvoicePdf(document);
  return c.body(new Uint8Array(pdf), 200, {
    'Content-Type': 'application/pdf',
    // The number is letters, digits and hyphens only (INVOICE_NUMBER_PREFIX is checked at start-up).
    'Content-Disposition': `attachment; filename="${document.number}.pdf"`,
    'Cache-Control': 'no-store',
  });
}
