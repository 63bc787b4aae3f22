/**
 * The name an uploaded report is kept and mailed under, at the edges of each rule, and the digest it is stored
 * with. The common cases are in office-reports.test.ts.
 */
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { reportFileName, sha256Hex } from '#server/orders/pdf';

const ID = '0190a8d0-0000-7000-8000-000000000000';

it('drops only the last ".pdf", and keeps one that stands inside the name', () => {
  expect(reportFileName('audit.pdf.old.PDF', ID)).toBe('audit.pdf.old.pdf');
  expect(reportFileName('audit.pdfs', ID)).toBe('audit.pdfs.pdf');
});

it('folds a run of white space into one space, and trims dots and spaces at both ends', () => {
  expect(reportFileName('Q3 \t  review', ID)).toBe('Q3 review.pdf');
  expect(reportFileName(' ..hidden', ID)).toBe('hidden.pdf');
  expect(reportFileName('draft. .. .pdf', ID)).toBe('draft.pdf');
});

it('leaves no space at the end where the length limit cuts', () => {
  expect(reportFileName(`${'x'.repeat(79)} yz`, ID)).toBe(`${'x'.repeat(79)}.pdf`);
});

it('stores the SHA-256 of the bytes, in hex', () => {
  const bytes = Buffer.from('%PDF-1.4 the report', 'latin1');
  expect(sha256Hex(bytes)).toBe(createHash('sha256').update(bytes).digest('hex'));
  expect(sha256Hex(new Uint8Array())).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
});
