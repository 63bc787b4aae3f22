/**
 * Whether an uploaded report may go to a customer: a PDF, parsed, not sniffed
 * (docs/decisions/0021-reports-parsed-not-sniffed.md). Every object in the file, and every object packed in an
 * object stream, is parsed by pdf-lib and looked at; every stream is unpacked within a budget. Refused, each
 * with its own text: what is not a PDF (or is also another kind of file), an encrypted file (its objects
 * cannot be read), JavaScript, Launch actions, embedded or attached files, decompression bombs, and a file too
 * big in objects or time to check. Never throws for what a file holds.
 */
import {
  PDFArray,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRawStream,
  PDFRef,
  PDFString,
} from '@cantoo/pdf-lib';
import { looksLikePdf } from './pdf';
import {
  BrokenStreamError,
  DecodeLimitError,
  MAX_DECODE_RATIO,
  MAX_STREAM_DECODED_BYTES,
  MAX_TOTAL_DECODED_BYTES,
  decodeStream,
  newDecodeBudget,
} from './pdf-decode';
import { CheckLimits, type FoundObject, MAX_CHECK_MS, TooComplexError, findObjects, parseAt } from './pdf-objects';
import { otherFormatIn } from './pdf-polyglot';

const MB = 1024 * 1024;

export const NOT_A_PDF_TEXT = 'The report must be a PDF file.';
export const POLYGLOT_TEXT =
  'The report must be a PDF file and nothing else: this one can also be opened as another kind of file (an archive or a web page).';
export const ENCRYPTED_TEXT =
  'The report is encrypted or password-protected, so it cannot be checked. Please send it without a password.';
export const JAVASCRIPT_TEXT =
  'The report contains JavaScript (scripts or a script-driven form), which is not sent to customers. Please export it again without them.';
export const LAUNCH_TEXT =
  'The report contains an action that starts a program or opens a file (a Launch action), which is not sent to customers. Please export it again without it.';
export const ATTACHMENT_TEXT =
  'The report has files attached or embedded in it, which are not sent to customers. Please send the PDF without attachments.';
export const UNSAFE_LINK_TEXT =
  'The report contains a link that runs a script or opens a file or a network share (only web and e-mail links are sent to customers). Please export it again without it.';
export const AUTO_ACTION_TEXT =
  'The report opens a link or runs an action by itself when it is opened, which is not sent to customers. Please export it again without it.';
export const FORM_TEXT =
  'The report contains a form that sends what is typed into it to a website, which is not sent to customers. Please export it again without it.';
export const IMPORT_TEXT =
  'The report contains an action that imports data from another file, which is not sent to customers. Please export it again without it.';
export const BOMB_TEXT = `The report's compressed content unpacks to too much data (more than ${MAX_STREAM_DECODED_BYTES / MB} MB in one part, ${MAX_TOTAL_DECODED_BYTES / MB} MB in all, or ${MAX_DECODE_RATIO} times its packed size), which is not sent to customers. Please export it again.`;
export const TOO_COMPLEX_TEXT = `The report is too complex to check (too many objects, or more than ${MAX_CHECK_MS / 1000} seconds of work). Please export it again, or send it in smaller parts.`;

export type PdfRefusal =
  | 'notPdf'
  | 'polyglot'
  | 'encrypted'
  | 'bomb'
  | 'tooComplex'
  | 'javascript'
  | 'launch'
  | 'attachment'
  | 'unsafeLink'
  | 'autoAction'
  | 'form'
  | 'import';

export type PdfVerdict = { ok: true } | { ok: false; refusal: PdfRefusal; status: 415 | 422; text: string };

/** 415 for what is not (only) a PDF, as the route answers any other type; 422 for a PDF it will not send. */
const REFUSALS: Record<PdfRefusal, { status: 415 | 422; text: string }> = {
  notPdf: { status: 415, text: NOT_A_PDF_TEXT },
  polyglot: { status: 415, text: POLYGLOT_TEXT },
  encrypted: { status: 422, text: ENCRYPTED_TEXT },
  bomb: { status: 422, text: BOMB_TEXT },
  tooComplex: { status: 422, text: TOO_COMPLEX_TEXT },
  javascript: { status: 422, text: JAVASCRIPT_TEXT },
  launch: { status: 422, text: LAUNCH_TEXT },
  attachment: { status: 422, text: ATTACHMENT_TEXT },
  unsafeLink: { status: 422, text: UNSAFE_LINK_TEXT },
  autoAction: { status: 422, text: AUTO_ACTION_TEXT },
  form: { status: 422, text: FORM_TEXT },
  import: { status: 422, text: IMPORT_TEXT },
};

function refuse(refusal: PdfRefusal): PdfVerdict {
  return { ok: false, refusal, ...REFUSALS[refusal] };
}

export async function checkReportPdf(bytes: Uint8Array): Promise<PdfVerdict> {
  // The markers first: `%PDF-` at offset 0 (nothing before it) and `%%EOF` at the end (not cut off).
  if (!looksLikePdf(bytes)) return refuse('notPdf');
  if (otherFormatIn(bytes)) return refuse('polyglot');
  try {
    return await checkObjects(bytes);
  } catch (error) {
    if (error instanceof TooComplexError) return refuse('tooComplex');
    if (error instanceof DecodeLimitError) return refuse('bomb');
    if (error instanceof BrokenStreamError) return refuse('notPdf');
    // Anything else pdf-lib throws is a file it cannot read; it is never the server's failure.
    return refuse('notPdf');
  }
}

async function checkObjects(bytes: Uint8Array): Promise<PdfVerdict> {
  const limits = new CheckLimits();
  const { objects, trailers, context } = await findObjects(bytes, limits);
  const table = new Map<number, PDFObject[]>();
  const add = (found: FoundObject) => {
    const versions = table.get(found.number);
    if (versions) versions.push(found.object);
    else table.set(found.number, [found.object]);
  };
  objects.forEach(add);
  /** Every object an indirect value may stand for: a crafted file can give one number two versions. */
  const versionsOf = (object: PDFObject | undefined): PDFObject[] =>
    object instanceof PDFRef ? (table.get(object.objectNumber) ?? []) : object ? [object] : [];
  const resolve = (object: PDFObject | undefined): PDFObject | undefined => versionsOf(object)[0];

  // Encrypted strings and streams cannot be looked into: refused before anything is unpacked.
  const trailerDicts = [...trailers, ...objects.map((found) => found.object).filter(isXrefStream)];
  if (trailerDicts.some((dict) => asDict(dict)?.has(PDFName.of('Encrypt')))) return refuse('encrypted');

  // Every stream unpacked within the budget; the objects packed in object streams join the table.
  const budget = newDecodeBudget();
  for (const { object } of objects) {
    if (!(object instanceof PDFRawStream)) continue;
    await limits.breathe();
    const decoded = decodeStream(object, budget, resolve);
    if (!isType(object.dict, 'ObjStm', resolve)) continue;
    if (!decoded.complete) return refuse('notPdf');
    for (const packed of await unpackObjectStream(object.dict, decoded.bytes, context, resolve, limits)) add(packed);
  }

  const found = new Set<PdfRefusal>();
  for (const versions of table.values()) {
    for (const object of versions) activeContentIn(object, versionsOf, found);
    await limits.breathe();
  }
  const ACTIVE = ['javascript', 'launch', 'attachment', 'autoAction', 'form', 'import', 'unsafeLink'] as const;
  for (const refusal of ACTIVE) if (found.has(refusal)) return refuse(refusal);

  return hasPages(trailerDicts, resolve) ? { ok: true } : refuse('notPdf');
}

function asDict(object: PDFObject | undefined): PDFDict | undefined {
  if (object instanceof PDFRawStream) return object.dict;
  return object instanceof PDFDict ? object : undefined;
}

function isXrefStream(object: PDFObject): boolean {
  return object instanceof PDFRawStream && object.dict.get(PDFName.of('Type')) === PDFName.of('XRef');
}

function isType(dict: PDFDict | undefined, type: string, resolve: (o: PDFObject | undefined) => PDFObject | undefined) {
  const value = resolve(dict?.get(PDFName.of('Type')));
  return value instanceof PDFName && value.decodeText() === type;
}

/**
 * The objects an object stream holds: /N pairs of object number and offset (from /First), each parsed. One
 * that does not parse makes the file unreadable here, and so refused: what it holds could not be looked at.
 */
async function unpackObjectStream(
  dict: PDFDict,
  bytes: Uint8Array,
  context: Parameters<typeof parseAt>[2],
  resolve: (o: PDFObject | undefined) => PDFObject | undefined,
  limits: CheckLimits,
): Promise<FoundObject[]> {
  const count = resolve(dict.get(PDFName.of('N')));
  const first = resolve(dict.get(PDFName.of('First')));
  if (!(count instanceof PDFNumber) || !(first instanceof PDFNumber)) throw new BrokenStreamError('no /N or /First');
  const start = first.asNumber();
  if (!Number.isInteger(start) || start < 0 || start > bytes.length) throw new BrokenStreamError('bad /First');
  const numbers = Buffer.from(bytes.buffer, bytes.byteOffset, start).toString('latin1').match(/\d+/g) ?? [];
  if (numbers.length < 2 * count.asNumber()) throw new BrokenStreamError('short object stream header');
  const packed: FoundObject[] = [];
  for (let index = 0; index < count.asNumber(); index++) {
    limits.count();
    await limits.breathe();
    const offset = start + Number(numbers[2 * index + 1]);
    const object = offset < bytes.length ? parseAt(bytes, offset, context) : null;
    if (!object) throw new BrokenStreamError('unparsable object in an object stream');
    packed.push({ number: Number(numbers[2 * index]), object });
  }
  return packed;
}

/** Keys whose presence alone marks active content, wherever they stand. */
const KEYS: Record<string, PdfRefusal> = {
  JS: 'javascript', // an action's script (ISO 32000-1, 12.6.4.16)
  JavaScript: 'javascript', // the document-level scripts in the Names tree (7.7.4)
  XFA: 'javascript', // an XFA form, whose XML carries scripts (12.7.8)
  Launch: 'launch',
  EmbeddedFiles: 'attachment', // the Names tree of attached files (7.11.4)
  EF: 'attachment', // a file specification with the file in it (7.11.3)
};
/** Values of /S (action type), /Type and /Subtype that do. */
const TYPES: Record<string, PdfRefusal> = {
  JavaScript: 'javascript',
  Launch: 'launch', // starts an application or opens a file (12.6.4.5)
  EmbeddedFile: 'attachment', // an embedded file stream (7.11.4)
  FileAttachment: 'attachment', // an annotation with a file (12.5.6.15)
  GoToE: 'attachment', // jumps into an embedded PDF (12.6.4.4)
  GoToR: 'unsafeLink', // opens another file, local or on a network share (12.6.4.3)
  SubmitForm: 'form', // sends the form's fields to a URL (12.7.5.2)
  ImportData: 'import', // reads field values from another file (12.7.5.4)
};
const TYPE_KEYS = new Set(['S', 'Type', 'Subtype']);
/** Where a URI action may send a customer: the web, e-mail, a phone number. Anything else is refused: javascript:,
 * file:, data:, smb:, a network share (\\\\server\\share). */
const SAFE_LINK = /^\s*(https?:\/\/|mailto:|tel:)/i;
/** What a document may do by itself when it or a page opens: go to a place in itself, nothing else. */
const SAFE_AUTO_ACTIONS = new Set(['GoTo']);

/** The text of a string value (literal or hex), or undefined. */
function stringOf(object: PDFObject | undefined): string | undefined {
  return object instanceof PDFString || object instanceof PDFHexString ? object.decodeText() : undefined;
}

/** The /S of an action dictionary, or undefined for what is no action (a destination array, say). */
function actionType(object: PDFObject, versionsOf: (o: PDFObject | undefined) => PDFObject[]): string | undefined {
  const dict = asDict(object);
  if (!dict) return undefined;
  const type = versionsOf(dict.get(PDFName.of('S')))[0];
  return type instanceof PDFName ? type.decodeText() : undefined;
}

/**
 * /OpenAction (the document's) and /AA (a page's, an annotation's, a field's additional actions) run without a
 * click. Anything there but a jump inside the document, and every action chained after it with /Next, is refused.
 */
function autoActions(
  name: string,
  value: PDFObject,
  versionsOf: (o: PDFObject | undefined) => PDFObject[],
  found: Set<PdfRefusal>,
): void {
  const actions =
    name === 'OpenAction'
      ? versionsOf(value)
      : versionsOf(value).flatMap((triggers) => {
          const dict = asDict(triggers);
          return dict ? dict.values().flatMap((action) => versionsOf(action)) : [];
        });
  for (const action of actions) {
    const type = actionType(action, versionsOf);
    if (type !== undefined && !SAFE_AUTO_ACTIONS.has(type)) found.add('autoAction');
    const next = asDict(action)?.get(PDFName.of('Next'));
    if (next) autoActions('OpenAction', next, versionsOf, found);
  }
}

/**
 * Every dictionary in the object, however deep, looked at; an action met through /OpenAction or /AA is among
 * the table's objects and so looked at too. Iterative: a deeply nested object does not exhaust the stack.
 */
function activeContentIn(
  root: PDFObject,
  versionsOf: (o: PDFObject | undefined) => PDFObject[],
  found: Set<PdfRefusal>,
): void {
  const stack: PDFObject[] = [root];
  while (stack.length > 0) {
    const object = stack.pop()!;
    if (object instanceof PDFArray) for (const item of object.asArray()) stack.push(item);
    const dict = asDict(object);
    if (!dict) continue;
    for (const [key, value] of dict.entries()) {
      const name = key.decodeText();
      const byKey = KEYS[name];
      if (byKey) found.add(byKey);
      if (name === 'OpenAction' || name === 'AA') autoActions(name, value, versionsOf, found);
      if (name === 'URI') {
        const target = stringOf(versionsOf(value)[0]);
        if (target !== undefined && !SAFE_LINK.test(target)) found.add('unsafeLink');
      }
      if (TYPE_KEYS.has(name)) {
        for (const type of versionsOf(value)) {
          const byType = type instanceof PDFName ? TYPES[type.decodeText()] : undefined;
          if (byType) found.add(byType);
        }
      }
      stack.push(value);
    }
  }
}

/** The trailer's /Root is a catalog whose /Pages is a page tree: the least a reader needs to show a page. */
function hasPages(trailers: PDFObject[], resolve: (o: PDFObject | undefined) => PDFObject | undefined): boolean {
  return trailers.some((trailer) => {
    const catalog = asDict(resolve(asDict(trailer)?.get(PDFName.of('Root'))));
    if (!catalog || !isType(catalog, 'Catalog', resolve)) return false;
    return isType(asDict(resolve(catalog.get(PDFName.of('Pages')))), 'Pages', resolve);
  });
}
