/**
 * Where the heavy work is done: invoice documents drawn, data exports zipped, uploaded reports checked. In a pool
 * of worker threads (Piscina), so that a payment's document, a batch of documents issued before they were kept,
 * an export's archive or a report's check never holds the event loop (docs/performance.md#documents).
 * The pool runs the compiled worker (dist-server/threads-worker.js, beside the compiled server); where there is
 * none (development and the in-process tests run the TypeScript sources), the same functions run in this thread.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Zippable, zipSync } from 'fflate';
import { Piscina } from 'piscina';
import { HttpError } from '../http/errors';
import type { InvoiceDocumentData } from '../invoices/document/data';
import { renderInvoicePdf } from '../invoices/document/pdf';
import { type PdfVerdict, checkReportPdf } from '../orders/pdf-check';

export const THREADS_BUSY_TEXT = 'Documents are being prepared for many people at once. Please try again in a minute.';

/** Tasks waiting for a thread; past this, a request for one more is answered 503. */
const MAX_WAITING = 200;

export interface Threads {
  draw(document: InvoiceDocumentData): Promise<Uint8Array>;
  /** A ZIP of `entries` (fflate's): a data export's archive. */
  zip(entries: Zippable): Promise<Uint8Array>;
  /** Whether an uploaded report may go to a customer (server/orders/pdf-check.ts). */
  checkReport(bytes: Uint8Array): Promise<PdfVerdict>;
  /** Where the work is done: 'threads' with the compiled worker, else 'here'. */
  readonly where: 'threads' | 'here';
  close(): Promise<void>;
}

/** The compiled worker beside this module's bundle, when there is one. */
function compiledWorker(): string | undefined {
  // From the module's own path, not `new URL()`: a browser-like test environment replaces the URL class.
  const file = join(dirname(fileURLToPath(import.meta.url)), 'threads-worker.js');
  return existsSync(file) ? file : undefined;
}

/** A full queue is the site's load, not a fault: 503 with Retry-After, as any other overload. */
async function busyAs503<T>(task: Promise<T>): Promise<T> {
  try {
    return await task;
  } catch (error) {
    if (error instanceof Error && /queue is at limit/i.test(error.message)) throw new HttpError(503, THREADS_BUSY_TEXT);
    throw error;
  }
}

/** `worker`: the compiled worker's file; a test names one it built (tests/server/threads-pool.test.ts). */
export function createThreads(
  threads = Math.max(1, availableParallelism() - 1),
  worker: string | undefined = compiledWorker(),
): Threads {
  if (worker === undefined) {
    return {
      draw: renderInvoicePdf,
      zip: async (entries) => zipSync(entries),
      checkReport: checkReportPdf,
      where: 'here',
      close: async () => {},
    };
  }
  const pool = new Piscina({
    filename: worker,
    minThreads: 0,
    maxThreads: threads,
    maxQueue: MAX_WAITING,
    // A thread left idle a minute ends: the memory of a rarely used font set is given back.
    idleTimeout: 60_000,
  });
  return {
    where: 'threads',
    draw: (document) => busyAs503(pool.run(document) as Promise<Uint8Array>),
    zip: (entries) => busyAs503(pool.run(entries, { name: 'zip' }) as Promise<Uint8Array>),
    checkReport: (bytes) => busyAs503(pool.run(bytes, { name: 'checkReport' }) as Promise<PdfVerdict>),
    close: () => pool.destroy(),
  };
}
