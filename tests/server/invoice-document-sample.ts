/** An issued invoice document's data, for tests of what is made from it (the receipt mail, the PDF). */
import type { InvoiceDocumentData } from '#server/invoices/document/data';

export function sampleDocument(overrides: Partial<InvoiceDocumentData> = {}): InvoiceDocumentData {
  return {
    kind: 'invoice',
    test: false,
    number: 'NG-2026-000042',
    issuedAt: '2026-11-26T09:00:00.000Z',
    timeZone: 'Europe/London',
    seller: {
      legalName: 'Northgate IT Consulting Ltd',
      address: ['1 Example Street', 'London', 'EC1A 1AA', 'United Kingdom'],
      companyNumber: '01234567',
      vatNumber: 'GB123456789',
      email: 'support@northgate-consulting.example',
    },
    buyer: { name: 'Ada Lovelace', email: 'ada@example.test', billingName: null, address: [], vatNumber: null },
    item: {
      service: 'Security Audit',
      delivery: 'PDF file sent to my email',
      orderedAt: '2026-11-26T08:55:00.000Z',
      paidAt: '2026-11-26T09:00:00.000Z',
    },
    money: { netPence: 58_333, vatPence: 11_667, grossPence: 70_000, vatRatePercent: 20 },
    invoiceId: 'inv-1',
    ...overrides,
  };
}
