/**
 * A receipt's PDF is titled a receipt in its metadata too: the title is what a PDF reader's window, a browser's
 * tab and a file manager show, so a receipt titled "VAT invoice" would claim to be one. The receipt's printed
 * text is in invoice-pdf.test.ts.
 */
import { PDFDocument } from '@cantoo/pdf-lib';
import { expect, it } from 'vitest';
import { renderInvoicePdf } from '#server/invoices/document/pdf';
import { sampleDocument } from './invoice-document-sample';

it('titles a receipt "Receipt <number>"', async () => {
  const receipt = sampleDocument({ kind: 'receipt', seller: { ...sampleDocument().seller, vatNumber: null } });
  const document = await PDFDocument.load(await renderInvoicePdf(receipt), { updateMetadata: false });
  expect(document.getTitle()).toBe('Receipt NG-2026-000042');
});
