/**
 * The data export as one ZIP (fflate, pure JavaScript): `data.json` compressed, the files (picture, invoice PDFs
 * as they were issued and kept, reports) stored as they are, since PDFs and images are compressed already and
 * deflating them again would only cost time. Every entry carries the export's time.
 */
import { type Zippable, strToU8 } from 'fflate';
import { keptPdf } from '../invoices/document/kept';
import type { Services } from '../services';
import type { GatheredExport } from './gather';

export async function exportArchive(
  { data, files }: GatheredExport,
  services: Pick<Services, 'db' | 'threads' | 'log'>,
): Promise<Uint8Array> {
  const mtime = new Date(data.exportedAt);
  const entries: Zippable = {
    'data.json': [strToU8(`${JSON.stringify(data, null, 2)}\n`), { level: 6, mtime }],
  };
  // One at a time: a document issued before PDFs were kept is drawn (in the pool) and kept on the way.
  for (const file of files) {
    const bytes = 'bytes' in file ? file.bytes : (await keptPdf(services, file.invoiceId))!.pdf;
    entries[file.path] = [bytes, { level: 0, mtime }];
  }
  // Zipped in the worker threads (server/threads/pool.ts): the archive's checksums and data.json's deflate took a tenth of the
  // event loop's time in the documents bench (docs/performance.md#documents).
  return services.threads.zip(entries);
}
