/**
 * The polyglot search on its own (server/orders/pdf-polyglot.ts), on bytes built here to sit exactly at its
 * limits: where a ZIP reader stops looking for the end record, a signature that must match in full, and the
 * tar signature's place. report-pdf.test.ts has the whole report check on real archives.
 */
import { describe, expect, it } from 'vitest';
import { otherFormatIn } from '#server/orders/pdf-polyglot';

const PDF_HEAD = Buffer.from('%PDF-1.7\n', 'latin1');
const CENTRAL = Buffer.from([0x50, 0x4b, 0x01, 0x02]);

/** A ZIP end-of-central-directory record saying where its directory is, with a comment of `comment` bytes. */
function endRecord(size: number, offset: number, comment = 0): Buffer {
  const record = Buffer.alloc(22 + comment);
  record.write('PK\x05\x06', 0, 'latin1');
  record.writeUInt32LE(size, 12);
  record.writeUInt32LE(offset, 16);
  record.writeUInt16LE(comment, 20);
  return record;
}

/** A PDF's first line, a central directory entry's signature at `directoryAt`, then `rest`. */
function withDirectory(rest: Buffer, directoryAt = PDF_HEAD.length): Buffer {
  const filler = Buffer.alloc(directoryAt - PDF_HEAD.length, 0x20);
  return Buffer.concat([PDF_HEAD, filler, CENTRAL, Buffer.alloc(42), rest]);
}

describe('otherFormatIn: a ZIP archive', () => {
  it('is found by an end record whose directory is right before it or where it points', () => {
    const entry = CENTRAL.length + 42;
    expect(otherFormatIn(withDirectory(endRecord(entry, 0)))).toBe('zip');
    expect(otherFormatIn(withDirectory(endRecord(0, PDF_HEAD.length)))).toBe('zip');
  });

  it('is found with the longest comment a record may have, and not one further from the end', () => {
    const longest = withDirectory(endRecord(0, PDF_HEAD.length, 0xffff));
    expect(otherFormatIn(longest)).toBe('zip');
    // One more byte after the comment: a ZIP reader, which looks no further back, finds no archive.
    expect(otherFormatIn(Buffer.concat([longest, Buffer.from(' ')]))).toBeNull();
  });

  it('needs the end record and the directory signatures in full, not one matching byte', () => {
    // Bytes that would point at a directory, but with no `PK\5\6` before them.
    const noEnd = endRecord(0, PDF_HEAD.length);
    noEnd.fill(0, 0, 4);
    expect(otherFormatIn(withDirectory(noEnd))).toBeNull();
    // An end record pointing at "%PDF", whose "P" is the first byte of both signatures.
    const pointsAtP = Buffer.concat([PDF_HEAD, endRecord(0, 1)]);
    pointsAtP.write('PX\x05\x06', PDF_HEAD.length, 'latin1');
    expect(otherFormatIn(pointsAtP)).toBeNull();
    expect(otherFormatIn(Buffer.concat([PDF_HEAD, endRecord(0, 1)]))).toBeNull();
  });
});

describe('otherFormatIn: a tar archive', () => {
  /** `size` bytes starting as a PDF, with `ustar` at byte 257, where tar keeps its signature. */
  const tarLike = (size: number) => {
    const bytes = Buffer.alloc(size, 0x20);
    PDF_HEAD.copy(bytes);
    bytes.write('ustar', 257, 'latin1');
    return bytes;
  };

  it('is found by its signature at byte 257, wherever the file ends after it', () => {
    expect(otherFormatIn(tarLike(262))).toBe('tar');
    expect(otherFormatIn(tarLike(512))).toBe('tar');
    expect(otherFormatIn(tarLike(261))).toBeNull();
  });
});
