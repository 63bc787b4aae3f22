/**
 * The invoice document as a PDF (docs/invoices.md#the-pdf): the frozen data in, the file's bytes out, nothing
 * else read. A4 portrait, text in the site's typeface (Inter, embedded and subset), one page unless a customer's
 * address is long enough to need a second. The same data always gives the same bytes: the document is immutable
 * once issued, so it can be drawn again whenever it is asked for.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@cantoo/fontkit';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from '@cantoo/pdf-lib';
import { documentDeliveryForLabel } from '#domain/catalogue/delivery';
import { formatPrice } from '#domain/catalogue/price';
import type { InvoiceDocumentData } from './data';

/** A4 in points (ISO 216: 210 × 297 mm). */
const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 50;
const CONTENT_WIDTH = A4.width - 2 * MARGIN;
/** Where the running text stops: room below for the page footer. */
const BOTTOM = MARGIN + 24;

/** The site's colours (src/styles/global.css: --color-text, --color-text-muted, --color-border, --color-danger). */
const TEXT = rgb(0x17 / 255, 0x20 / 255, 0x33 / 255);
const MUTED = rgb(0x4a / 255, 0x55 / 255, 0x68 / 255);
const RULE = rgb(0xd8 / 255, 0xde / 255, 0xe9 / 255);
const DANGER = rgb(0xc8 / 255, 0x1e / 255, 0x1e / 255);

/**
 * Inter as TrueType, from Google Fonts' build (package @expo-google-fonts/inter): fontkit reads the WOFF2 files
 * the `inter-ui` package ships but cannot subset them (it copies the transformed glyph table as if it were plain),
 * and whole fonts would make every document ~680 KB larger (docs/invoices.md#the-pdf).
 */
const FONT_FILES = {
  regular: '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf',
  bold: '@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf',
} as const;
const packages = createRequire(import.meta.url);
let fontBytes: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;

/**
 * fontkit, handing back the font it read before for the same bytes: reading Inter's layout tables, on a font's
 * first use, is most of a render's time (~60 ms a font). Each document still makes its own subset of it.
 */
type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
const parsedFonts = new WeakMap<Uint8Array, ReturnType<Fontkit['create']>>();
const fontkitOnce: Fontkit = {
  create(bytes) {
    const known = parsedFonts.get(bytes);
    if (known) return known;
    const font = fontkit.create(bytes);
    parsedFonts.set(bytes, font);
    return font;
  },
};

/** Read once per process; resolved from node_modules at run time (the server bundle leaves packages out). */
function loadFonts() {
  fontBytes ??= Promise.all([
    readFile(packages.resolve(FONT_FILES.regular)),
    readFile(packages.resolve(FONT_FILES.bold)),
  ]).then(([regular, bold]) => ({ regular, bold }));
  return fontBytes;
}

export async function renderInvoicePdf(data: InvoiceDocumentData): Promise<Uint8Array> {
  const issuedAt = new Date(data.issuedAt);
  const title = `${data.kind === 'invoice' ? 'VAT invoice' : 'Receipt'} ${data.number}`;
  // No metadata of pdf-lib's own (its name, the time now): every field is set from the data below.
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(title);
  doc.setAuthor(data.seller.legalName);
  doc.setCreator(data.seller.legalName);
  doc.setProducer(data.seller.legalName);
  doc.setLanguage('en-GB');
  doc.setCreationDate(issuedAt);
  doc.setModificationDate(issuedAt);

  doc.registerFontkit(fontkitOnce);
  const files = await loadFonts();
  // A subset font is named "TAG+Name", six capitals then the font's name (ISO 32000-1, 9.6.4); pdf-lib's own
  // name ("Inter-Regular-5724", from a generator seeded alike in every document) says neither.
  const fonts = {
    regular: await doc.embedFont(files.regular, { subset: true, customName: 'NGDOCR+Inter-Regular' }),
    bold: await doc.embedFont(files.bold, { subset: true, customName: 'NGDOCB+Inter-Bold' }),
  };

  const sheet = new Sheet(doc, fonts);
  drawDocument(sheet, data);
  sheet.footer(`${title} · page {page} of {pages}`);
  return doc.save({ useObjectStreams: false });
}

function drawDocument(sheet: Sheet, data: InvoiceDocumentData): void {
  const { seller, buyer, item, money } = data;
  const date = dateIn(data.timeZone);
  const invoice = data.kind === 'invoice';

  sheet.text(seller.legalName, { size: 18, bold: true });
  sheet.gap(4);
  for (const line of seller.address) sheet.text(line, { colour: MUTED });
  if (seller.companyNumber) sheet.text(`Company number ${seller.companyNumber}`, { colour: MUTED });
  if (seller.vatNumber) sheet.text(`VAT number ${seller.vatNumber}`, { colour: MUTED });
  sheet.text(seller.email, { colour: MUTED });

  sheet.gap(28);
  sheet.text(invoice ? 'VAT invoice' : 'Receipt', { size: 22, bold: true });
  sheet.gap(4);
  if (!invoice) {
    sheet.text('This is a receipt, not a VAT invoice: the seller is not registered for VAT.', { colour: MUTED });
  }
  if (data.test) sheet.text('Test — not a tax document', { size: 12, bold: true, colour: DANGER });

  sheet.gap(14);
  // The number is the document's reference, the one a customer quotes: the site's internal id is not printed.
  sheet.pair(invoice ? 'Invoice number' : 'Receipt number', data.number);
  sheet.pair('Date of issue', date(data.issuedAt));
  // The tax point is a VAT invoice's: the date the supply is taken to happen, here the payment's.
  if (invoice) sheet.pair('Tax point', date(item.paidAt));

  sheet.gap(18);
  sheet.text('Billed to', { bold: true });
  // Who and where, as a postal address reads; the e-mail after it.
  sheet.text(buyer.billingName || buyer.name);
  for (const line of buyer.address) sheet.text(line);
  if (buyer.vatNumber) sheet.text(`VAT number ${buyer.vatNumber}`);
  sheet.text(buyer.email);

  sheet.gap(24);
  const amount = (pence: number) => formatPrice(pence / 100);
  const vatLabel = `VAT ${money.vatRatePercent}%`;
  // A receipt states no VAT: a seller that is not registered for it charges none.
  const columns: Column[] = invoice
    ? [
        { heading: 'Service', width: 180 },
        { heading: 'Delivery', width: CONTENT_WIDTH - 180 - 3 * 62 },
        { heading: 'Net', width: 62, right: true },
        { heading: vatLabel, width: 62, right: true },
        { heading: 'Total', width: 62, right: true },
      ]
    : [
        { heading: 'Service', width: 220 },
        { heading: 'Delivery', width: CONTENT_WIDTH - 220 - 90 },
        { heading: 'Amount', width: 90, right: true },
      ];
  const delivery = documentDeliveryForLabel(item.delivery);
  const cells = invoice
    ? [item.service, delivery, amount(money.netPence), amount(money.vatPence), amount(money.grossPence)]
    : [item.service, delivery, amount(money.grossPence)];
  sheet.row(
    columns.map((column) => ({ ...column, text: column.heading })),
    { bold: true },
  );
  sheet.rule();
  sheet.row(columns.map((column, index) => ({ ...column, text: cells[index] ?? '' })));
  sheet.rule();

  sheet.gap(6);
  if (invoice) {
    sheet.total('Net', amount(money.netPence));
    sheet.total(vatLabel, amount(money.vatPence));
  }
  sheet.total('Total', amount(money.grossPence), { bold: true });

  sheet.gap(24);
  sheet.text(`Paid on ${date(item.paidAt)}`);
}

/** "25 November 2026", stated in the company's time zone. */
function dateIn(timeZone: string) {
  const format = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone });
  return (iso: string) => format.format(new Date(iso));
}

interface Style {
  size?: number;
  bold?: boolean;
  colour?: ReturnType<typeof rgb>;
}
interface Column {
  heading: string;
  width: number;
  right?: boolean;
}

const BODY_SIZE = 10;
const LINE_GAP = 1.45;

/**
 * The page being written, top to bottom: every line is wrapped to the width it has, and a line that would run
 * into the bottom margin starts a new page, so no text of any length leaves the paper.
 */
class Sheet {
  private page: PDFPage;
  private y: number;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: { regular: PDFFont; bold: PDFFont },
  ) {
    this.page = this.newPage();
    this.y = A4.height - MARGIN;
  }

  gap(points: number): void {
    this.y -= points;
  }

  /** A paragraph over the full width, wrapped. */
  text(value: string, style: Style = {}): void {
    const size = style.size ?? BODY_SIZE;
    const font = this.font(style);
    for (const line of wrap(printable(value), font, size, CONTENT_WIDTH)) {
      this.line(size);
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color: style.colour ?? TEXT });
    }
  }

  /** A label and its value on one line (the value wraps in its own column). */
  pair(label: string, value: string): void {
    const labelWidth = 110;
    const lines = wrap(printable(value), this.fonts.regular, BODY_SIZE, CONTENT_WIDTH - labelWidth);
    lines.forEach((line, index) => {
      this.line(BODY_SIZE);
      const common = { y: this.y, size: BODY_SIZE, color: TEXT };
      if (index === 0) this.page.drawText(label, { ...common, x: MARGIN, font: this.fonts.bold });
      this.page.drawText(line, { ...common, x: MARGIN + labelWidth, font: this.fonts.regular });
    });
  }

  /** One table row: each cell wraps within its column; the row goes on to a new page line by line if it must. */
  row(cells: Array<Column & { text: string }>, style: Style = {}): void {
    const font = this.font(style);
    const padding = 6;
    const wrapped = cells.map((cell) => ({
      ...cell,
      lines: wrap(printable(cell.text), font, BODY_SIZE, cell.width - padding),
    }));
    const height = Math.max(...wrapped.map((cell) => cell.lines.length));
    this.gap(4);
    for (let lineIndex = 0; lineIndex < height; lineIndex++) {
      this.line(BODY_SIZE);
      let x = MARGIN;
      for (const cell of wrapped) {
        const line = cell.lines[lineIndex];
        if (line) {
          const left = cell.right ? x + cell.width - font.widthOfTextAtSize(line, BODY_SIZE) : x;
          this.page.drawText(line, { x: left, y: this.y, size: BODY_SIZE, font, color: TEXT });
        }
        x += cell.width;
      }
    }
    this.gap(6);
  }

  /** A summary line at the right: its label, then the amount flush right. */
  total(label: string, value: string, style: Style = {}): void {
    const font = this.font(style);
    this.line(BODY_SIZE);
    const right = MARGIN + CONTENT_WIDTH;
    const common = { y: this.y, size: BODY_SIZE, font, color: TEXT };
    this.page.drawText(label, { ...common, x: right - 200 });
    this.page.drawText(value, { ...common, x: right - font.widthOfTextAtSize(value, BODY_SIZE) });
  }

  rule(): void {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y - 2 },
      end: { x: MARGIN + CONTENT_WIDTH, y: this.y - 2 },
      thickness: 0.75,
      color: RULE,
    });
    this.gap(2);
  }

  /** A line at the foot of every page; "{page}" and "{pages}" stand for the numbers. */
  footer(template: string): void {
    const pages = this.doc.getPages();
    pages.forEach((page, index) => {
      const value = printable(template.replace('{page}', `${index + 1}`).replace('{pages}', `${pages.length}`));
      page.drawText(value, { x: MARGIN, y: MARGIN - 12, size: 8, font: this.fonts.regular, color: MUTED });
    });
  }

  /** Moves down one line of this size, on to a new page when the line would not fit above the bottom margin. */
  private line(size: number): void {
    const advance = size * LINE_GAP;
    if (this.y - advance < BOTTOM) {
      this.page = this.newPage();
      this.y = A4.height - MARGIN;
    }
    this.y -= advance;
  }

  private font(style: Style): PDFFont {
    return style.bold ? this.fonts.bold : this.fonts.regular;
  }

  private newPage(): PDFPage {
    return this.doc.addPage([A4.width, A4.height]);
  }
}

/**
 * Text as it may be drawn: one line (line breaks and tabs become spaces), with control and format characters,
 * lone surrogates and other code points no text is made of removed. A character Inter lacks (Japanese, say)
 * stays: it is drawn as the font's blank glyph, and is still in the text a reader copies.
 */
function printable(value: string): string {
  return value
    .replace(/[\t\n\v\f\r\u0085\u2028\u2029]+/g, ' ')
    .replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/gu, '')
    .trim();
}

/** What a person sees as one character (a letter and its accents): never cut apart. */
const characters = new Intl.Segmenter('en-GB', { granularity: 'grapheme' });

/** Splits text into lines no wider than `width`, at spaces; a word longer than a line is cut between characters. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/ +/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = '';
    for (const { segment: character } of characters.segment(word)) {
      if (current && !fits(current + character)) {
        lines.push(current);
        current = '';
      }
      current += character;
    }
  }
  if (current) lines.push(current);
  return lines.length > 0 ? lines : [''];
}
