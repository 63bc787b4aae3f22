/**
 * Every indirect object and trailer dictionary in a PDF's bytes, each parsed by pdf-lib's object parser
 * (docs/decisions/0021-reports-parsed-not-sniffed.md). Not pdf-lib's document loader: it unpacks object
 * streams whole, with no limit (a bomb would be unpacked before anything could refuse it), and it keeps only
 * the objects it reaches in order. Here every place where `<number> <number> obj` begins is parsed, as a
 * reader repairing a file, or one following a cross-reference entry into the middle of a line, would find
 * them: an object hidden inside another one's bytes is still seen. Object streams are read by the caller,
 * through the decoding budget.
 */
import { PDFContext, type PDFDict, PDFDict as Dict, type PDFObject, PDFObjectParser } from '@cantoo/pdf-lib';

/** More objects than any report has (a 300-page one has a few thousand); parsing past it is refused. */
export const MAX_OBJECTS = 200_000;
/** The check's own working time (not counting the turns it yields); far more than a real report needs. */
export const MAX_CHECK_MS = 3000;

export class TooComplexError extends Error {
  override name = 'TooComplexError';
}

export interface FoundObject {
  number: number;
  object: PDFObject;
}

/** How long the check works before it lets the server answer other requests. */
const SLICE_MS = 10;

/**
 * Counts what one check has parsed and the time it has worked, and yields to the event loop every few
 * milliseconds: a hostile file costs at most MAX_CHECK_MS of the check's own time, never a stalled server.
 *
 * The work is counted in the process's CPU time over each slice, not the clock on the wall: on a busy machine
 * the operating system may pause the process in the middle of a slice, and that pause is no work of the file's
 * (counted by the wall clock, a busy server refused real 10 MB reports as too complex). A slice runs no other
 * JavaScript, so its CPU time is the check's own (and a little of the runtime's housekeeping threads).
 */
export class CheckLimits {
  private objects = 0;
  private worked = 0;
  private sliceStart = performance.now();
  private sliceCpu = process.cpuUsage();

  count(objects = 1): void {
    this.objects += objects;
    if (this.objects > MAX_OBJECTS) throw new TooComplexError(`more than ${MAX_OBJECTS} objects`);
  }

  /** Cheap enough for every step: a clock read, and now and then a turn of the event loop. */
  async breathe(): Promise<void> {
    if (performance.now() - this.sliceStart < SLICE_MS) return;
    const cpu = process.cpuUsage(this.sliceCpu);
    this.worked += (cpu.user + cpu.system) / 1000;
    if (this.worked > MAX_CHECK_MS) throw new TooComplexError(`more than ${MAX_CHECK_MS} ms`);
    await new Promise((resolve) => setImmediate(resolve));
    this.sliceStart = performance.now();
    this.sliceCpu = process.cpuUsage();
  }
}

const SPACE = new Uint8Array(256);
for (const byte of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) SPACE[byte] = 1;
const PERCENT = 0x25;

function isDigit(byte: number | undefined): boolean {
  return byte !== undefined && byte >= 0x30 && byte <= 0x39;
}

/**
 * Skips white space and comments as a reader's lexer does. Linear over the whole file: a comment's end is
 * looked up among the line ends (found once), and where a run of comments ends is remembered for each comment
 * passed, so a file built of many headers before one long run of comments costs no more than reading it.
 */
function makeSkipper(bytes: Buffer) {
  const lineEnds = lineEndsOf(bytes);
  const lineEndFrom = (at: number): number => {
    let [low, high] = [0, lineEnds.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (lineEnds[middle]! < at) low = middle + 1;
      else high = middle;
    }
    return low < lineEnds.length ? lineEnds[low]! : bytes.length;
  };
  const afterComments = new Map<number, number>();
  return (from: number): number => {
    let at = from;
    const passed: number[] = [];
    while (at < bytes.length) {
      if (SPACE[bytes[at]!]) at++;
      else if (bytes[at] === PERCENT) {
        const known = afterComments.get(at);
        if (known !== undefined) {
          at = known;
          break;
        }
        passed.push(at);
        at = lineEndFrom(at);
      } else break;
    }
    for (const comment of passed) afterComments.set(comment, at);
    return at;
  };
}

/** Where every line ends (CR or LF), in order: found by the native search of each byte, sorted once. */
function lineEndsOf(buffer: Buffer): Int32Array {
  const ends: number[] = [];
  for (const byte of [0x0a, 0x0d])
    for (let at = buffer.indexOf(byte); at !== -1; at = buffer.indexOf(byte, at + 1)) ends.push(at);
  return Int32Array.from(ends).sort();
}

/** A run of digits of any length: a reader takes `00000000004` as 4, so the check must too. */
function readInteger(bytes: Uint8Array, from: number): { value: number; end: number } | null {
  let [end, value] = [from, 0];
  for (; isDigit(bytes[end]); end++) value = value * 10 + bytes[end]! - 0x30;
  return end === from ? null : { value, end };
}

const OBJ = [0x6f, 0x62, 0x6a];
/** Every run of digits, whole: where an object's header may begin. */
const DIGITS = /[0-9]+/g;
const TRAILER = Buffer.from('trailer', 'latin1');

/** The objects whose header starts at each run of digits, and the dictionary after each `trailer`. */
export async function findObjects(
  bytes: Uint8Array,
  limits: CheckLimits,
): Promise<{ objects: FoundObject[]; trailers: PDFDict[]; context: PDFContext }> {
  const context = PDFContext.create();
  // The file is searched natively (the regular expression engine over it read as one character a byte, and
  // Buffer.indexOf), not by a loop a byte at a time: 10 MB of zeros in a tenth of the time, of random bytes in half.
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buffer.toString('latin1');
  const skip = makeSkipper(buffer);
  const objects: FoundObject[] = [];
  let breatheAt = 0;
  for (const run of text.matchAll(DIGITS)) {
    // Not at every run: a turn of the event loop for each would cost more than the search.
    if (run.index >= breatheAt) {
      await limits.breathe();
      breatheAt = run.index + 0x10000;
    }
    const number = readInteger(bytes, run.index);
    if (!number || !boundary(bytes[number.end])) continue;
    const generationAt = skip(number.end);
    // `obj` may follow the generation at once (`4 0obj`): a reader's number ends at any non-digit.
    const generation = readInteger(bytes, generationAt);
    if (!generation) continue;
    const keywordAt = skip(generation.end);
    if (!OBJ.every((byte, index) => bytes[keywordAt + index] === byte)) continue;
    await limits.breathe();
    const object = parseAt(bytes, keywordAt + OBJ.length, context);
    if (object) {
      objects.push({ number: number.value, object });
      limits.count();
    }
  }
  const trailers: PDFDict[] = [];
  for (let at = buffer.indexOf(TRAILER); at !== -1; at = buffer.indexOf(TRAILER, at + 1)) {
    await limits.breathe();
    const dict = parseAt(bytes, at + TRAILER.length, context);
    if (dict instanceof Dict) trailers.push(dict);
    limits.count();
  }
  return { objects, trailers, context };
}

/** A number token ends at white space or a comment; `1 0/x` is no header. */
function boundary(byte: number | undefined): boolean {
  return byte !== undefined && (SPACE[byte] === 1 || byte === PERCENT);
}

/** The object at `from`, or null where pdf-lib finds none (most runs of digits start no object). */
export function parseAt(bytes: Uint8Array, from: number, context: PDFContext): PDFObject | null {
  try {
    return PDFObjectParser.forBytes(bytes.subarray(from), context).parseObject();
  } catch (error) {
    // Nested deeper than the stack: what it holds cannot be seen, so it is not let through.
    if (error instanceof RangeError) throw new TooComplexError('nested too deeply');
    // Malformed: not an object a reader would show.
    return null;
  }
}
