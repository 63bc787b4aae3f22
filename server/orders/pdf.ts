/**
 * Whether an upload starts and ends as a PDF, judged by its bytes (never by its name or declared type, which
 * the sender chooses): the header `%PDF-` at offset 0 (ISO 32000-1, 7.5.2; nothing may stand before it) and
 * the end-of-file marker `%%EOF` in its last bytes (7.5.5; a line ending, or a little padding some writers
 * add, may follow it). A truncated upload fails the second. This is only the first gate: the file is then
 * parsed (pdf-check.ts, docs/decisions/0021-reports-parsed-not-sniffed.md).
 */
import { createHash } from 'node:crypto';

const HEADER = Buffer.from('%PDF-', 'latin1');
const END_MARKER = Buffer.from('%%EOF', 'latin1');
/** How far from the end `%%EOF` may stand: room for trailing line endings and padding, as readers allow. */
const PDF_EOF_WINDOW_BYTES = 1024;

export function looksLikePdf(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length < HEADER.length + END_MARKER.length) return false;
  if (!buffer.subarray(0, HEADER.length).equals(HEADER)) return false;
  const tail = buffer.subarray(Math.max(HEADER.length, buffer.length - PDF_EOF_WINDOW_BYTES));
  return tail.includes(END_MARKER);
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Longest file name kept (before ".pdf"). */
const NAME_MAX = 80;

/**
 * A file name safe in a Content-Disposition header, an e-mail attachment and any file system: the upload's
 * own name reduced to letters, digits, spaces, dots, dashes and underscores, ending in ".pdf"; when nothing
 * usable is left, "report-<first part of the order id>.pdf".
 */
export function reportFileName(uploaded: string, invoiceId: string): string {
  const base = uploaded
    .split(/[\\/]/)
    .pop()!
    .normalize('NFKD')
    .replace(/\.pdf$/i, '')
    .replace(/[^A-Za-z0-9 ._-]+/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[ .]+|[ .]+$/g, '')
    .slice(0, NAME_MAX)
    .trim();
  return `${base || `report-${invoiceId.slice(0, 8)}`}.pdf`;
}
