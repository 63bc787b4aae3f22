/**
 * Where invoice documents are drawn and data exports zipped: in a pool of worker threads (Piscina), so that a
 * payment's document, a batch of documents issued before they were kept, or an export's archive never holds the
 * event loop (docs/performance.md#documents).
 * The pool runs the compiled worker (dist-server/pdf-worker.js, beside the compiled server); where there is none
 * (development and the in-process tests run the TypeScript sources), the same function runs in this thread.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Zippable, zipSync } from 'fflate';
import { Piscina } from 'piscina';
import { HttpError } from '../../http/errors';
import type { InvoiceDocumentData } from './data';
import { renderInvoicePdf } from './pdf';

export const DRAWING_BUSY_TEXT = 'Documents are being prepared for many people at once. Please try again in a minute.';

/** Documents waiting for a thread; past this, a request for one more is answered 503. */
const MAX_WAITING = 200;

export interface PdfDrawing {
  draw(document: InvoiceDocumentData): Promise<Uint8Array>;
  /** A ZIP of `entries` (fflate's), made in the pool too: a data export's archive. */
  zip(entries: Zippable): Promise<Uint8Array>;
  /** Where documents are drawn: 'threads' with the compiled worker, else 'here'. */
  readonly where: 'threads' | 'here';
  close(): Promise<void>;
}

/** The compiled worker beside this module's bundle, when there is one. */
function compiledWorker(): string | undefined {
  // From the module's own path, not `new URL()`: a browser-like test environment replaces the URL class.
  const file = join(dirname(fileURLToPath(import.meta.url)), 'pdf-worker.js');
  return existsSync(file) ? file : undefined;
}

/** A full queue is the site's load, not a fault: 503 with Retry-After, as any other overload. */
async function busyAs503(task: Promise<Uint8Array>): Promise<Uint8Array> {
  try {
    return await task;
  } catch (error) {
    if (error instanceof Error && /queue is at limit/i.test(error.message)) throw new HttpError(503, DRAWING_BUSY_TEXT);
    throw error;
  }
}

export function createPdfDrawing(threads = Math.max(1, availableParallelism() - 1)): PdfDrawing {
  const worker = compiledWorker();
  if (worker === undefined) {
    return { draw: renderInvoicePdf, zip: async (entries) => zipSync(entries), where: 'here', close: async () => {} };
  }
  const pool = new Piscina<InvoiceDocumentData | Zippable, Uint8Array>({
    filename: worker,
    minThreads: 0,
    maxThreads: threads,
    maxQueue: MAX_WAITING,
    // A thread left idle a minute ends: the memory of a rarely used font set is given back.
    idleTimeout: 60_000,
  });
  return {
    where: 'threads',
    draw: (document) => busyAs503(pool.run(document)),
    zip: (entries) => busyAs503(pool.run(entries, { name: 'zip' })),
    close: () => pool.destroy(),
  };
}
