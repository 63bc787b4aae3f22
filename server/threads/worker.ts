/**
 * A worker thread of the pool (pool.ts): draws one invoice document's PDF (the default task), zips one data export
 * (`zip`), or checks one uploaded report (`checkReport`). Its own entry in the compiled server
 * (dist-server/threads-worker.js), so this work, from milliseconds to seconds of CPU each, never holds the event
 * loop that answers every request.
 */
import { type Zippable, zipSync } from 'fflate';
import type { InvoiceDocumentData } from '../invoices/document/data';
import { renderInvoicePdf } from '../invoices/document/pdf';
import { type PdfVerdict, checkReportPdf } from '../orders/pdf-check';

export default function draw(document: InvoiceDocumentData): Promise<Uint8Array> {
  return renderInvoicePdf(document);
}

export function zip(entries: Zippable): Uint8Array {
  return zipSync(entries);
}

export function checkReport(bytes: Uint8Array): Promise<PdfVerdict> {
  return checkReportPdf(bytes);
}
