/**
 * The invoice document's PDF (docs/invoices.md#the-pdf): what a reader copies out of it (the text, extracted with
 * pdf.js through unpdf), its paper, its fonts and its bytes. No database: the renderer is a pure function.
 */
import { PDFDict, PDFDocument, PDFName } from '@cantoo/pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { InvoiceDocumentData } from '#server/invoices/document/data';
import { renderInvoicePdf } from '#server/invoices/document/pdf';
import { sampleDocument as invoiceData } from './invoice-document-sample';

const receiptData = (): InvoiceDocumentData =>
  invoiceData({
    kind: 'receipt',
    seller: { ...invoiceData().seller, vatNumber: null },
    money: { netPence: 4_900, vatPence: 0, grossPence: 4_900, vatRatePercent: 0 },
  });

/** The text a reader gets out of the document: every page, runs of white space made one space. */
async function textOf(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe('a VAT invoice', () => {
  it('states the number, the seller, the buyer, the service and the amounts', async () => {
    const text = await textOf(await renderInvoicePdf(invoiceData()));

    expect(text).toContain('VAT invoice');
    expect(text).not.toContain('Receipt');
    expect(text).toContain('Invoice number NG-2026-000042');
    for (const part of [
      'Northgate IT Consulting Ltd',
      '12 Harbour Street',
      'LS1 4AB',
      'Company number 09876543',
      'VAT number GB123456789',
      'support@northgate-consulting.example',
    ]) {
      expect(text).toContain(part);
    }
    // The billing name stands for the buyer when there is one; the account's name is not printed then. The
    // address and VAT number follow the name, as a postal address reads; the e-mail comes after them.
    expect(text).toContain(
      'Billed to Analytical Engines Ltd 1 Difference Road London N1 9GU VAT number GB987654321 ada@example.com',
    );
    expect(text).not.toContain('Ada Lovelace');
    // The table's row, then its totals.
    expect(text).toContain(
      'Service Delivery Net VAT 20% Total Website Development Consultation Report sent by e-mail £1,234.00 £246.80 £1,480.80',
    );
    expect(text).toContain('Net £1,234.00');
    expect(text).toContain('VAT 20% £246.80');
    expect(text).toContain('Total £1,480.80');
    expect(text).toContain('Date of issue 25 November 2026');
    expect(text).toContain('Tax point 25 November 2026');
    expect(text).toContain('Paid on 25 November 2026');
    // The number is the reference: the site's internal id, and the wizard's first person, are not printed.
    expect(text).not.toContain('7f3c2a10-5b7e-4c1d-9a0e-2d4f6b8c1e23');
    expect(text).not.toMatch(/Invoice ID|my email/);
    expect(text).not.toContain('Test — not a tax document');
  });

  it("dates it in the company's time zone", async () => {
    // 00:30 in London in summer is still the day before in UTC.
    const paidAt = '2026-07-31T23:30:00.000Z';
    const data = invoiceData({ issuedAt: paidAt, item: { ...invoiceData().item, paidAt } });
    const text = await textOf(await renderInvoicePdf(data));
    expect(text).toContain('Date of issue 1 August 2026');
    expect(text).toContain('Paid on 1 August 2026');
  });

  it('names the account holder when there is no billing name, and leaves out a VAT number the buyer has not', async () => {
    const data = invoiceData({ buyer: { ...invoiceData().buyer, billingName: null, vatNumber: null } });
    const text = await textOf(await renderInvoicePdf(data));
    expect(text).toContain('Billed to Ada Lovelace 1 Difference Road London N1 9GU ada@example.com');
    expect(text).not.toContain('GB987654321');
  });

  it('says "Test — not a tax document" when it is for a sandbox payment', async () => {
    const text = await textOf(await renderInvoicePdf(invoiceData({ test: true, number: 'TEST-NG-2026-000001' })));
    expect(text).toContain('Test — not a tax document');
    expect(text).toContain('TEST-NG-2026-000001');
  });
});

describe('a receipt', () => {
  it('is titled a receipt, says it is not a VAT invoice, and states no VAT', async () => {
    const text = await textOf(await renderInvoicePdf(receiptData()));
    expect(text).toContain('Receipt');
    expect(text).toContain('not a VAT invoice');
    expect(text).not.toMatch(/VAT \d+%|Tax point/);
    expect(text).not.toContain('GB123456789');
    expect(text).toContain('Receipt number NG-2026-000042');
    expect(text).toContain('Service Delivery Amount Website Development Consultation Report sent by e-mail £49.00');
    expect(text).toContain('Total £49.00');
    expect(text).not.toContain('Test — not a tax document');
  });

  it('says "Test — not a tax document" when it is for a sandbox payment', async () => {
    const text = await textOf(await renderInvoicePdf({ ...receiptData(), test: true }));
    expect(text).toContain('Test — not a tax document');
  });
});

describe('the file', () => {
  it('is one A4 portrait page with its title, author and dates from the data', async () => {
    const document = await PDFDocument.load(await renderInvoicePdf(invoiceData()), { updateMetadata: false });
    expect(document.getPageCount()).toBe(1);
    const { width, height } = document.getPage(0).getSize();
    expect(width).toBeCloseTo(595.28, 2);
    expect(height).toBeCloseTo(841.89, 2);
    expect(document.getTitle()).toBe('VAT invoice NG-2026-000042');
    expect(document.getAuthor()).toBe('Northgate IT Consulting Ltd');
    expect(document.getCreationDate()?.toISOString()).toBe('2026-11-25T10:15:00.000Z');
    expect(document.getModificationDate()?.toISOString()).toBe('2026-11-25T10:15:00.000Z');
  });

  it('embeds Inter, regular and bold, as subset TrueType fonts', async () => {
    const document = await PDFDocument.load(await renderInvoicePdf(invoiceData()));
    const page = document.getPage(0).node;
    const fonts = page.Resources()!.lookup(PDFName.of('Font'), PDFDict);
    // pdf-lib names a font again each time the drawing switches to it: the names point at the same two fonts.
    const names = fonts.values().map((font) => {
      const dict = document.context.lookup(font, PDFDict);
      expect(dict.get(PDFName.of('Subtype'))?.toString()).toBe('/Type0');
      return dict.get(PDFName.of('BaseFont'))!.toString();
    });
    expect([...new Set(names)].sort()).toEqual(['/NGDOCB+Inter-Bold', '/NGDOCR+Inter-Regular']);
    // Each font's program is in the file (FontFile2: TrueType), not left to the reader's machine.
    const programs = document.context
      .enumerateIndirectObjects()
      .filter(([, object]) => object instanceof PDFDict && object.has(PDFName.of('FontFile2')));
    expect(programs).toHaveLength(2);
  });

  it('is the same bytes every time it is drawn from the same data', async () => {
    const first = await renderInvoicePdf(invoiceData());
    const second = await renderInvoicePdf(invoiceData());
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    const other = await renderInvoicePdf(invoiceData({ number: 'NG-2026-000043' }));
    expect(Buffer.from(first).equals(Buffer.from(other))).toBe(false);
  });

  it('stays small: the fonts are subset', async () => {
    expect((await renderInvoicePdf(invoiceData())).byteLength).toBeLessThan(60_000);
  });
});

describe("customers' text", () => {
  it('draws names in Polish, Greek and Cyrillic', async () => {
    const name = 'Zażółć Gęślą Jaźń Ελένη Παπαδοπούλου Анна Каренина';
    const data = invoiceData({ buyer: { ...invoiceData().buyer, billingName: null, name } });
    expect(await textOf(await renderInvoicePdf(data))).toContain(name);
  });

  it('does not fail on characters the font lacks, control characters or emoji', async () => {
    const name = '山田 太郎 \u0000\u0007 \u200d 👩‍💻 \ud800 مرحبا';
    const data = invoiceData({
      buyer: { ...invoiceData().buyer, billingName: null, name, address: ['東京都千代田区丸の内1-1-1\n100-0005'] },
    });
    const text = await textOf(await renderInvoicePdf(data));
    // The rest of the document is still there around them.
    expect(text).toContain('Billed to');
    expect(text).toContain('Total £1,480.80');
  });

  it('wraps a long line within the page', async () => {
    const line = `${'Unit 7, The Old Biscuit Factory, '.repeat(6)}${'x'.repeat(200)}`;
    const data = invoiceData({ buyer: { ...invoiceData().buyer, address: [line] } });
    const bytes = await renderInvoicePdf(data);
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const page = await pdf.getPage(1);
    const { items } = await page.getTextContent();
    const runs = items.filter((item) => 'str' in item && item.str.length > 0) as Array<{
      str: string;
      width: number;
      transform: number[];
    }>;
    expect(runs.length).toBeGreaterThan(20);
    for (const { transform, width } of runs)
      expect((transform[4] ?? Infinity) + width).toBeLessThanOrEqual(595.28 - 50 + 0.5);
    // Every character of it is still there, over several lines.
    const text = (await textOf(bytes)).replace(/ /g, '');
    expect(text).toContain(line.replace(/ /g, ''));
  });

  it('goes on to a second page for a 40-line address, every line of it printed', async () => {
    const address = Array.from({ length: 40 }, (_, index) => `Address line ${index + 1}`);
    const bytes = await renderInvoicePdf(invoiceData({ buyer: { ...invoiceData().buyer, address } }));
    const document = await PDFDocument.load(bytes);
    expect(document.getPageCount()).toBe(2);
    for (const page of document.getPages()) expect(page.getHeight()).toBeCloseTo(841.89, 2);
    const text = await textOf(bytes);
    for (const line of address) expect(text).toContain(`${line} `);
    expect(text).toContain('Total £1,480.80');
    expect(text).toContain('page 2 of 2');
  });
});
