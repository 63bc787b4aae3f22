/** An issued VAT invoice's data, for tests of what is made from it (the PDF, the receipt mail). */
import type { InvoiceDocumentData } from '#server/invoices/document/data';

export function sampleDocument(overrides: Partial<InvoiceDocumentData> = {}): InvoiceDocumentData {
  return {
    kind: 'invoice',
    test: false,
    number: 'NG-2026-000042',
    issuedAt: '2026-11-25T10:15:00.000Z',
    timeZone: 'Europe/London',
    seller: {
      legalName: 'Northgate IT Consulting Ltd',
      address: ['12 Harbour Street', 'Leeds', 'LS1 4AB', 'United Kingdom'],
      companyNumber: '09876543',
      vatNumber: 'GB123456789',
      email: 'support@northgate-consulting.example',
    },
    buyer: {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      billingName: 'Analytical Engines Ltd',
      address: ['1 Difference Road', 'London', 'N1 9GU'],
      vatNumber: 'GB987654321',
    },
    item: {
      service: 'Website Development Consultation',
      delivery: 'PDF file sent to my email',
      orderedAt: '2026-11-20T09:00:00.000Z',
      paidAt: '2026-11-25T10:15:00.000Z',
    },
    money: { netPence: 123_400, vatPence: 24_680, grossPence: 148_080, vatRatePercent: 20 },
    invoiceId: '7f3c2a10-5b7e-4c1d-9a0e-2d4f6b8c1e23',
    ...overrides,
  };
}
