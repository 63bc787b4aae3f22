/**
 * Real PDFs for the report check, made with pdf-lib (the library the check parses with), and by hand where a
 * file must hold what no writer makes: escaped names, objects no cross-reference table lists, an encryption
 * dictionary. Each builder says what its file holds.
 */
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFString, StandardFonts } from '@cantoo/pdf-lib';
import { type PdfRefusal, checkReportPdf } from '#server/orders/pdf-check';

export type Bytes = Uint8Array<ArrayBuffer>;

function own(bytes: Uint8Array): Bytes {
  return new Uint8Array(bytes);
}

/** A plain report: pages of text, optionally with object streams (pdf-lib's default) and a noise image. */
export async function reportPdf({
  pages = 2,
  objectStreams = true,
  imageBytes = 0,
}: { pages?: number; objectStreams?: boolean; imageBytes?: number } = {}): Promise<Bytes> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pages; index++) {
    const page = doc.addPage([595, 842]);
    for (let line = 0; line < 40; line++) {
      page.drawText(`Page ${index + 1}, finding ${line + 1}: the site answers in 120 ms.`, {
        x: 40,
        y: 800 - line * 19,
        size: 11,
        font,
      });
    }
  }
  if (imageBytes > 0) {
    // Noise does not compress: the stream is about as big as the pixels, as a photo's would be.
    const side = Math.floor(Math.sqrt(imageBytes / 3));
    const pixels = randomBytes(side * side * 3);
    const image = doc.context.flateStream(pixels, {
      Type: 'XObject',
      Subtype: 'Image',
      Width: side,
      Height: side,
      ColorSpace: 'DeviceRGB',
      BitsPerComponent: 8,
    });
    const page = doc.getPage(0);
    page.node.setXObject(PDFName.of('Im1'), doc.context.register(image));
  }
  return own(await doc.save({ useObjectStreams: objectStreams }));
}

async function edited(change: (doc: PDFDocument) => void | Promise<void>, objectStreams = true): Promise<Bytes> {
  const doc = await PDFDocument.load(await reportPdf());
  await change(doc);
  return own(await doc.save({ useObjectStreams: objectStreams }));
}

/** Document-level JavaScript in the catalog's Names tree (packed in an object stream unless told). */
export function javascriptInNames(objectStreams = true): Promise<Bytes> {
  return edited((doc) => doc.addJavaScript('greeting', 'app.alert("hello");'), objectStreams);
}

/** A JavaScript action run when the document opens. */
export function javascriptOnOpen(): Promise<Bytes> {
  return edited((doc) => {
    const action = doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.launchURL("https://example.com")') });
    doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(action));
  });
}

/** A Launch action in a page's additional actions, run when the page opens. */
export function launchOnPageOpen(): Promise<Bytes> {
  return edited((doc) => {
    const launch = doc.context.obj({ S: 'Launch', F: PDFString.of('calc.exe'), NewWindow: true });
    doc.getPage(0).node.set(PDFName.of('AA'), doc.context.obj({ O: doc.context.register(launch) }));
  });
}

/** A file attached to the document (the EmbeddedFiles name tree). */
export function attachedFile(): Promise<Bytes> {
  return edited((doc) =>
    doc.attach(new TextEncoder().encode('echo pwned'), 'run.bat', { mimeType: 'application/x-bat' }),
  );
}

/** A file attachment annotation on a page. */
export function fileAttachmentAnnotation(): Promise<Bytes> {
  return edited((doc) => {
    const file = doc.context.stream('hidden', { Type: 'EmbeddedFile' });
    const annotation = doc.context.obj({
      Type: 'Annot',
      Subtype: 'FileAttachment',
      Rect: [10, 10, 30, 30],
      FS: { Type: 'Filespec', F: PDFString.of('a.txt'), EF: { F: doc.context.register(file) } },
    });
    doc.getPage(0).node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(annotation)]));
  });
}

/** A page whose content stream is `megabytes` MB of zeros, Flate-packed (`layers` times over). */
export function flateBomb(megabytes: number, layers = 1): Promise<Bytes> {
  return edited((doc) => {
    let packed: Uint8Array = deflateSync(Buffer.alloc(megabytes * 1024 * 1024), { level: 9 });
    for (let layer = 1; layer < layers; layer++) packed = deflateSync(packed, { level: 9 });
    const filters = Array.from({ length: layers }, () => 'FlateDecode');
    const stream = doc.context.stream(packed, { Filter: layers === 1 ? 'FlateDecode' : filters });
    doc.getPage(0).node.set(PDFName.of('Contents'), doc.context.register(stream));
  });
}

/** A real PDF of exactly `size` bytes: a plain report with one unfiltered stream padding it out. */
export async function reportPdfOfSize(size: number): Promise<Bytes> {
  let padding = 0;
  for (let attempt = 0; attempt < 4; attempt++) {
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.addPage([200, 200]);
    doc.context.register(doc.context.stream(new Uint8Array(padding).fill(0x20), {}));
    const bytes = await doc.save({ useObjectStreams: false });
    if (bytes.length === size) return own(bytes);
    padding += size - bytes.length;
  }
  throw new Error(`no PDF of exactly ${size} bytes`);
}

/**
 * A PDF written by hand from its objects' bodies (object i + 1 is `bodies[i]`), with a correct cross-reference
 * table; `extra` goes between the objects and the table, `trailer` into the trailer dictionary.
 */
export function handMadePdf(bodies: string[], { extra = '', trailer = '' } = {}): Bytes {
  let out = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  bodies.forEach((body, index) => {
    offsets.push(out.length);
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  out += extra;
  const xref = out.length;
  out += `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R ${trailer}>>\nstartxref\n${xref}\n%%EOF\n`;
  return own(Buffer.from(out, 'latin1'));
}

export const CATALOG_AND_PAGE = [
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
];

/** A stored (uncompressed) ZIP archive with one file, as `zip` writes it. */
export function zipOf(name: string, content: string): Bytes {
  const data = Buffer.from(content, 'latin1');
  const fileName = Buffer.from(name, 'latin1');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const localPart = Buffer.concat([local, fileName, data]);
  const centralPart = Buffer.concat([central, fileName]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralPart.length, 12);
  end.writeUInt32LE(localPart.length, 16);
  return own(Buffer.concat([localPart, centralPart, end]));
}

/** What the check says of a file: 'ok', or the refusal's name. */
export async function refusalOf(bytes: Uint8Array): Promise<PdfRefusal | 'ok'> {
  const verdict = await checkReportPdf(bytes);
  return verdict.ok ? 'ok' : verdict.refusal;
}

/**
 * `bytes` LZW-packed as a PDF writer with /EarlyChange `earlyChange` packs them: a clear code, one code per
 * byte, the end code. The code width grows to 10 bits one code sooner with early change: a reader that takes
 * the wrong setting reads the bytes after the 253rd as noise.
 */
export function lzwLiterals(bytes: Uint8Array, earlyChange: 0 | 1): Bytes {
  let bits = '';
  let width = 9;
  let next = 258;
  const emit = (code: number) => (bits += code.toString(2).padStart(width, '0'));
  emit(256);
  bytes.forEach((byte, index) => {
    emit(byte);
    if (index === 0) return;
    next += 1;
    // The reader's rule (pdf.js's LZWStream): the width steps up when the next code reaches a power of two.
    if (((next + earlyChange) & (next + earlyChange - 1)) === 0)
      width = Math.min(Math.log2(next + earlyChange) + 1, 12);
  });
  emit(257);
  bits = bits.padEnd(Math.ceil(bits.length / 8) * 8, '0');
  return own(Uint8Array.from(bits.match(/.{8}/g)!, (byte) => parseInt(byte, 2)));
}
