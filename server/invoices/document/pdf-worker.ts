/**
 * A worker thread of the document pool (drawing.ts): draws one invoice document's PDF. Its own entry in the
 * compiled server (dist-server/pdf-worker.js), so the drawing, about 0.1 s of CPU each, never holds the event loop
 * that answers every request.
 */
import type { InvoiceDocumentData } from './data';
import { renderInvoicePdf } from './pdf';

export default function draw(document: InvoiceDocumentData): Promise<Uint8Array> {
  return renderInvoicePdf(document);
}
