/**
 * The invoice document as a download: for its owner (/api/orders/<id>/invoice.pdf) and for the office
 * (/api/office/orders/<id>/invoice.pdf). The PDF as it was issued and kept (kept.ts), never drawn again.
 */
import type { Context } from 'hono';
import type { AppEnv } from '#server/http/app-env';
import { HttpError, NOT_FOUND_TEXT } from '#server/http/errors';
import type { Services } from '#server/services';
import { keptPdf } from './kept';
import { isOwnedBy } from './repository';

/**
 * The PDF of the invoice's document; 404 when there is none, or when `ownerId` is given and the invoice is not
 * theirs (the same answer, so nothing is learnt about other customers' invoices).
 */
export async function invoiceDocumentResponse(
  c: Context<AppEnv>,
  services: Pick<Services, 'db' | 'threads' | 'log'>,
  invoiceId: string,
  ownerId: string | null,
): Promise<Response> {
  if (ownerId !== null && !(await isOwnedBy(services.db, invoiceId, ownerId))) {
    throw new HttpError(404, NOT_FOUND_TEXT);
  }
  const document = await keptPdf(services, invoiceId);
  if (!document) throw new HttpError(404, NOT_FOUND_TEXT);
  return c.body(document.pdf, 200, {
    'Content-Type': 'application/pdf',
    // The number is letters, digits and hyphens only (INVOICE_NUMBER_PREFIX is checked at start-up).
    'Content-Disposition': `attachment; filename="${document.number}.pdf"`,
    'Cache-Control': 'no-store',
  });
}
