/**
 * A worker thread of the document pool (drawing.ts): draws one invoice document's PDF (the default task), or zips
 * one data export (`zip`). Its own entry in the compiled server (dist-server/pdf-worker.js), so this work, from
 * milliseconds to a tenth of a second of CPU each, never holds the event loop that answers every request.
 */
import { type Zippable, zipSync } from 'fflate';
import type { InvoiceDocumentData } from './data';
import { renderInvoicePdf } from './pdf';

export default function draw(document: InvoiceDocumentData): Promise<Uint8Array> {
  return renderInvoicePdf(document);
}

export function zip(entries: Zippable): Uint8Array {
  return zipSync(entries);
}
