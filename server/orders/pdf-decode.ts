/**
 * A PDF stream's filters undone within a budget, so that a decompression bomb costs us a bounded amount of
 * memory and time and is refused before it reaches a customer's reader (docs/decisions/0021-reports-parsed-not-sniffed.md).
 * pdf-lib decodes a stream whole, with no limit; so Flate, the filter that packs ~1000:1, goes through
 * node:zlib with `maxOutputLength`, and the other expanding filters (LZW, RunLength) through pdf-lib's own
 * decoders read a megabyte at a time. Image codecs (DCT, JPX, JBIG2, CCITT) end the chain: what they hold is
 * pixels, which nothing here needs to read.
 */
import { constants, inflateRawSync } from 'node:zlib';
import {
  PDFArray,
  PDFContext,
  PDFDict,
  type PDFObject,
  PDFName,
  PDFRawStream,
  decodePDFRawStream,
} from '@cantoo/pdf-lib';

const MB = 1024 * 1024;
/** One stream may unpack to this much: a full A4 page scanned in colour at 300 dpi is 26 MB. */
export const MAX_STREAM_DECODED_BYTES = 64 * MB;
/** All streams of one report together: enough for a few dozen Flate-packed screenshots. */
export const MAX_TOTAL_DECODED_BYTES = 128 * MB;
/** A stream that unpacks to more than this many times its packed size, past RATIO_GRACE_BYTES, is a bomb. */
export const MAX_DECODE_RATIO = 200;
const RATIO_GRACE_BYTES = MB;

/** Too much came out: the limit that was passed. */
export class DecodeLimitError extends Error {
  override name = 'DecodeLimitError';
}
/** The stream's data does not decode with its own filters. */
export class BrokenStreamError extends Error {
  override name = 'BrokenStreamError';
}

/** What is left of the report's total, shared by all its streams. */
export interface DecodeBudget {
  remaining: number;
}

export function newDecodeBudget(): DecodeBudget {
  return { remaining: MAX_TOTAL_DECODED_BYTES };
}

/** The filter names a reader accepts, long and short (readers take the inline-image abbreviations too). */
const EXPANDING: Record<string, 'flate' | 'lzw' | 'runLength' | 'hex' | 'ascii85'> = {
  FlateDecode: 'flate',
  Fl: 'flate',
  LZWDecode: 'lzw',
  LZW: 'lzw',
  RunLengthDecode: 'runLength',
  RL: 'runLength',
  ASCIIHexDecode: 'hex',
  AHx: 'hex',
  ASCII85Decode: 'ascii85',
  A85: 'ascii85',
};
const PDF_LIB_NAME = {
  lzw: 'LZWDecode',
  runLength: 'RunLengthDecode',
  hex: 'ASCIIHexDecode',
  ascii85: 'ASCII85Decode',
};
/** How much pdf-lib's decoders are asked for at a time. */
const CHUNK_BYTES = MB;
/** The context the one-filter dictionaries belong to (pdf-lib makes every object in one). */
const scratch = PDFContext.create();

export interface DecodedStream {
  bytes: Uint8Array;
  /** False when an image codec ended the chain: `bytes` are then that codec's input. */
  complete: boolean;
}

/**
 * The stream's content with its filters undone, each step within the stream's limit, the budget charged for
 * what came out. `resolve` looks an indirect /Filter or /DecodeParms up; throws DecodeLimitError or
 * BrokenStreamError.
 */
export function decodeStream(
  stream: PDFRawStream,
  budget: DecodeBudget,
  resolve: (object: PDFObject | undefined) => PDFObject | undefined,
): DecodedStream {
  const filters = listOf(resolve(stream.dict.get(PDFName.of('Filter'))), resolve);
  const params = listOf(resolve(stream.dict.get(PDFName.of('DecodeParms'))), resolve);
  const packed = stream.contents.length;
  const limit = Math.min(
    MAX_STREAM_DECODED_BYTES,
    Math.max(RATIO_GRACE_BYTES, packed * MAX_DECODE_RATIO),
    budget.remaining,
  );
  let bytes: Uint8Array = stream.contents;
  let complete = true;
  for (const [index, filter] of filters.entries()) {
    const kind = filter instanceof PDFName ? EXPANDING[filter.decodeText()] : undefined;
    if (!kind) {
      complete = false;
      break;
    }
    bytes = kind === 'flate' ? inflate(bytes, limit) : withPdfLib(bytes, PDF_LIB_NAME[kind], params[index], limit);
  }
  if (filters.length > 0) budget.remaining -= bytes.length;
  return { bytes, complete };
}

function listOf(object: PDFObject | undefined, resolve: (object: PDFObject | undefined) => PDFObject | undefined) {
  if (object === undefined) return [];
  if (object instanceof PDFArray) return object.asArray().map((item) => resolve(item));
  return [object];
}

/**
 * Flate as pdf.js reads it: a zlib header, then raw deflate with no check of the trailing Adler-32, a cut-off
 * end taken as far as it goes.
 */
function inflate(bytes: Uint8Array, limit: number): Uint8Array {
  if (bytes.length < 2) throw new BrokenStreamError('flate data too short');
  const [cmf, flg] = [bytes[0]!, bytes[1]!];
  if ((cmf & 0x0f) !== 8 || ((cmf << 8) | flg) % 31 !== 0 || (flg & 0x20) !== 0) {
    throw new BrokenStreamError('no zlib header');
  }
  try {
    return inflateRawSync(bytes.subarray(2), { maxOutputLength: limit, finishFlush: constants.Z_SYNC_FLUSH });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new DecodeLimitError(String(limit));
    throw new BrokenStreamError((error as Error).message);
  }
}

/** pdf-lib decodes a stream object: one is made for the step, its dictionary naming that one filter. */
function withPdfLib(bytes: Uint8Array, filter: string, params: PDFObject | undefined, limit: number): Uint8Array {
  const dict = scratch.obj({});
  dict.set(PDFName.of('Filter'), PDFName.of(filter));
  if (params instanceof PDFDict) dict.set(PDFName.of('DecodeParms'), params);
  return readWithin(PDFRawStream.of(dict, bytes), limit);
}

function readWithin(raw: PDFRawStream, limit: number): Uint8Array {
  const parts: Uint8Array[] = [];
  let total = 0;
  try {
    const decoder = decodePDFRawStream(raw);
    for (;;) {
      const part = decoder.getBytes(CHUNK_BYTES);
      if (part.length === 0) break;
      total += part.length;
      if (total > limit) throw new DecodeLimitError(String(limit));
      parts.push(new Uint8Array(part));
    }
  } catch (error) {
    if (error instanceof DecodeLimitError) throw error;
    throw new BrokenStreamError((error as Error).message);
  }
  return Buffer.concat(parts);
}
