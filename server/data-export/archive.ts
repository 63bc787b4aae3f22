/**
 * The data export as one ZIP (fflate, pure JavaScript): `data.json` compressed, the files (picture, invoice PDFs
 * drawn again from their frozen data, reports) stored as they are, since PDFs and images are compressed already
 * and deflating them again would only cost time. Every entry carries the export's time.
 */
import { type Zippable, strToU8, zipSync } from 'fflate';
import { renderInvoicePdf } from '../invoices/document/pdf';
import type { GatheredExport } from './gather';

export async function exportArchive({ data, files }: GatheredExport): Promise<Uint8Array> {
  const mtime = new Date(data.exportedAt);
  const entries: Zippable = {
    'data.json': [strToU8(`${JSON.stringify(data, null, 2)}\n`), { level: 6, mtime }],
  };
  // One at a time: each render holds a document in memory, and an export is rare (limited per day).
  for (const file of files) {
    const bytes = 'bytes' in file ? file.bytes : await renderInvoicePdf(file.invoice);
    entries[file.path] = [bytes, { level: 0, mtime }];
  }
  return zipSync(entries);
}
