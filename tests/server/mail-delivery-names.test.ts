/**
 * The office reads a delivery type in its own words (domain/catalogue/delivery.ts, STAFF_DELIVERY_LABELS); the
 * customer's mails keep the product's words, as the order wizard shows them, but for the receipt, which states it
 * as its invoice document does (DOCUMENT_DELIVERY_LABELS).
 */
import { describe, expect, it } from 'vitest';
import {
  DELIVERY_LABELS,
  DOCUMENT_DELIVERY_LABELS,
  STAFF_DELIVERY_LABELS,
  documentDeliveryFor,
  documentDeliveryForLabel,
} from '#domain/catalogue/delivery';
import { SERVICE_TYPES } from '#domain/contract';
import { receiptMail } from '#server/invoices/receipt-mail';
import { officeNewOrderMail, officeReminderMail } from '#server/mail/order-messages';
import { sampleDocument } from './invoice-document-sample';

const order = {
  to: 'office@example.test',
  invoiceId: 'inv-1',
  customer: { name: 'Ada', email: 'ada@example.test' },
  title: 'Security Audit',
  type: 'PDF Sent to Email',
  url: '',
  amountPence: 70_000,
  paidAt: new Date('2026-11-26T09:00:00Z'),
  deadline: new Date('2026-11-27T09:00:00Z'),
  provider: 'sandbox',
  publicUrl: 'https://site.example',
};

describe('delivery-type names', () => {
  it('every type has a customer name and a staff name; only the report reads differently', () => {
    for (const type of SERVICE_TYPES) {
      expect(DELIVERY_LABELS[type]).toMatch(/\w/);
      expect(STAFF_DELIVERY_LABELS[type]).toMatch(/\w/);
    }
    expect(DELIVERY_LABELS['PDF Sent to Email']).toBe('PDF file sent to my email');
    expect(STAFF_DELIVERY_LABELS).toEqual({
      'PDF Sent to Email': 'Report by e-mail (PDF)',
      'Video Meeting': 'Video meeting',
      'Phone Call': 'Audio call',
    });
  });

  it("the office's mails name the report in the staff's words", () => {
    const paid = officeNewOrderMail(order);
    expect(paid.subject).toBe('New order: Security Audit (Report by e-mail (PDF))');
    const reminder = officeReminderMail(order);
    for (const mail of [paid, reminder]) {
      expect(mail.text).toContain('Delivery: Report by e-mail (PDF)');
      expect(mail.html).toContain('Report by e-mail (PDF)');
      expect(mail.text).not.toContain('my email');
    }
  });

  it("the customer's receipt states the delivery as its PDF does, not in the wizard's first person", () => {
    const document = sampleDocument({ item: { ...sampleDocument().item, delivery: 'PDF file sent to my email' } });
    const receipt = receiptMail({ ...order, to: 'ada@example.test', name: 'Ada', document });
    expect(receipt.text).toContain('Delivery: Report sent by e-mail');
    expect(receipt.text).not.toContain('my email');
    expect(DOCUMENT_DELIVERY_LABELS).toEqual({
      'PDF Sent to Email': 'Report sent by e-mail',
      'Video Meeting': 'Video meeting',
      'Phone Call': 'Audio call',
    });
    // An issued document keeps the customer's choice in the wizard's words; it is printed in the document's.
    for (const type of SERVICE_TYPES) {
      expect(documentDeliveryForLabel(DELIVERY_LABELS[type])).toBe(DOCUMENT_DELIVERY_LABELS[type]);
      expect(documentDeliveryFor(type)).toBe(DOCUMENT_DELIVERY_LABELS[type]);
    }
    expect(documentDeliveryForLabel('Carrier pigeon')).toBe('Carrier pigeon');
    expect(documentDeliveryFor('Carrier pigeon')).toBe('Carrier pigeon');
  });
});
