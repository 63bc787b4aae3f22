/**
 * The names of the delivery types (domain/catalogue/delivery.ts), in the three voices docs/product.md#orders sets:
 * the customer's (the wizard's words, docs/product.md#order-wizard), the bill's, and the office's.
 */
import { describe, expect, it } from 'vitest';
import {
  DELIVERY_LABELS,
  DOCUMENT_DELIVERY_LABELS,
  STAFF_DELIVERY_LABELS,
  deliveryLabel,
  deliveryLabelFor,
  documentDeliveryFor,
  documentDeliveryForLabel,
  isServiceType,
  staffDeliveryLabel,
} from '#domain/catalogue/delivery';
import { SERVICE_TYPES } from '#domain/contract';

describe('the delivery labels', () => {
  it("the customer reads the wizard's words for each type", () => {
    // docs/product.md#order-wizard, step 3: choose 'PDF file sent to my email', 'Video meeting' or 'Audio call'.
    expect(DELIVERY_LABELS).toEqual({
      'PDF Sent to Email': 'PDF file sent to my email',
      'Video Meeting': 'Video meeting',
      'Phone Call': 'Audio call',
    });
    expect(SERVICE_TYPES.map(deliveryLabel)).toEqual(['PDF file sent to my email', 'Video meeting', 'Audio call']);
  });

  it('a document states each type as a bill does', () => {
    // docs/product.md#orders: "The invoice document and the receipt mail state it as a bill does".
    expect(DOCUMENT_DELIVERY_LABELS).toEqual({
      'PDF Sent to Email': 'Report sent by e-mail',
      'Video Meeting': 'Video meeting',
      'Phone Call': 'Audio call',
    });
    expect(SERVICE_TYPES.map(documentDeliveryFor)).toEqual(['Report sent by e-mail', 'Video meeting', 'Audio call']);
  });

  it('the office reads each type in its own words', () => {
    // docs/product.md#orders: "Report by e-mail (PDF)", "Video meeting", "Audio call".
    expect(STAFF_DELIVERY_LABELS).toEqual({
      'PDF Sent to Email': 'Report by e-mail (PDF)',
      'Video Meeting': 'Video meeting',
      'Phone Call': 'Audio call',
    });
    expect(SERVICE_TYPES.map(staffDeliveryLabel)).toEqual(['Report by e-mail (PDF)', 'Video meeting', 'Audio call']);
  });

  it("knows the contract's types only, exactly as written", () => {
    for (const type of SERVICE_TYPES) expect(isServiceType(type)).toBe(true);
    for (const other of ['', 'Phone', 'phone call', 'Phone Call ', 'Audio call', 'PDF file sent to my email']) {
      expect(isServiceType(other)).toBe(false);
    }
  });

  it('a stored type reads as its label; an older row keeps what it stored', () => {
    expect(deliveryLabelFor('PDF Sent to Email')).toBe('PDF file sent to my email');
    expect(deliveryLabelFor('Phone Call')).toBe('Audio call');
    expect(deliveryLabelFor('Carrier pigeon')).toBe('Carrier pigeon');
    expect(documentDeliveryFor('Video Meeting')).toBe('Video meeting');
    expect(documentDeliveryFor('Carrier pigeon')).toBe('Carrier pigeon');
  });

  it("an issued document's wizard label reads in the bill's words; any other text as it is", () => {
    expect(documentDeliveryForLabel('PDF file sent to my email')).toBe('Report sent by e-mail');
    expect(documentDeliveryForLabel('Video meeting')).toBe('Video meeting');
    expect(documentDeliveryForLabel('Audio call')).toBe('Audio call');
    // A stored type is not a wizard label, and a label's case matters: both stay as they are.
    expect(documentDeliveryForLabel('PDF Sent to Email')).toBe('PDF Sent to Email');
    expect(documentDeliveryForLabel('pdf file sent to my email')).toBe('pdf file sent to my email');
    expect(documentDeliveryForLabel('')).toBe('');
  });
});
