/**
 * Whether a file that starts as a PDF is also another kind of file (a polyglot), which a program other than a
 * PDF reader would open as itself (docs/decisions/0021-reports-parsed-not-sniffed.md). Formats read from
 * their first bytes are ruled out by `%PDF-` at offset 0; what remains are the ones found elsewhere:
 * a ZIP archive (and so JAR, DOCX, APK), read from its end; a tar archive, whose signature stands at
 * byte 257; and HTML, which some content sniffers look for anywhere in a file's first bytes.
 */

/** How far from the end a ZIP reader looks for the end-of-central-directory record (22 bytes + comment). */
const ZIP_TAIL_BYTES = 22 + 0xffff;
const ZIP_END = [0x50, 0x4b, 0x05, 0x06];
const ZIP_CENTRAL = [0x50, 0x4b, 0x01, 0x02];
/** As much of the file's start as a content sniffer reads. */
const SNIFF_BYTES = 1024;
const MARKUP = /<(?:!doctype\s+html|html|head|body|script|iframe|svg|img|object|embed|meta|style|link|a)[\s/>]/i;

export type OtherFormat = 'zip' | 'tar' | 'html';

export function otherFormatIn(bytes: Uint8Array): OtherFormat | null {
  if (hasZipDirectory(bytes)) return 'zip';
  // A shorter file yields a shorter string here: no signature.
  if (latin1(bytes, 257, 262) === 'ustar') return 'tar';
  if (MARKUP.test(latin1(bytes, 0, SNIFF_BYTES))) return 'html';
  return null;
}

/**
 * An end-of-central-directory record whose central directory is really there, right before it or where the
 * record says: four bytes `PK\5\6` alone turn up by chance in compressed data.
 */
function hasZipDirectory(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - ZIP_TAIL_BYTES); at--) {
    if (!startsWith(bytes, at, ZIP_END)) continue;
    const size = view.getUint32(at + 12, true);
    const offset = view.getUint32(at + 16, true);
    if (size > 0 && size <= at && startsWith(bytes, at - size, ZIP_CENTRAL)) return true;
    if (offset < at && startsWith(bytes, offset, ZIP_CENTRAL)) return true;
  }
  return false;
}

function startsWith(bytes: Uint8Array, at: number, signature: number[]): boolean {
  return signature.every((byte, index) => bytes[at + index] === byte);
}

function latin1(bytes: Uint8Array, from: number, to: number): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1', from, to);
}
