/**
 * The billing rules' edges and texts (domain/billing.ts) beyond tests/unit/billing.test.ts: each limit exactly at
 * and one over, and each message as docs/product.md#billing-details writes it.
 */
import { describe, expect, it } from 'vitest';
import {
  BILLING_ADDRESS_LINES_TEXT,
  BILLING_ADDRESS_MAX,
  BILLING_ADDRESS_TOO_LONG_TEXT,
  BILLING_FIELDS,
  BILLING_NAME_MAX,
  BILLING_NAME_TOO_LONG_TEXT,
  type BillingValues,
  VAT_NUMBER_FORMAT_TEXT,
  VAT_NUMBER_NEEDS_BUYER_TEXT,
  normalizeBilling,
  sameBilling,
  validateBilling,
} from '#domain/billing';

const business: BillingValues = { billingName: 'Ada Ltd', address: '1 Main Street\nLondon', vatNumber: 'GB123456789' };

describe('the billing messages', () => {
  it('say what docs/product.md#billing-details says, with the limits', () => {
    expect(BILLING_NAME_TOO_LONG_TEXT).toBe('The billing name can be at most 200 characters.');
    expect(BILLING_ADDRESS_TOO_LONG_TEXT).toBe('The billing address can be at most 500 characters.');
    expect(BILLING_ADDRESS_LINES_TEXT).toBe('The billing address can have at most 6 lines.');
    expect(VAT_NUMBER_FORMAT_TEXT).toBe(
      'A VAT number is a two-letter country code and 2 to 13 letters or digits, e.g. GB123456789.',
    );
    expect(VAT_NUMBER_NEEDS_BUYER_TEXT).toBe('A VAT number needs a billing name and a billing address.');
    expect([BILLING_NAME_MAX, BILLING_ADDRESS_MAX]).toEqual([200, 500]);
  });
});

describe('the billing limits', () => {
  it('a name of exactly the most is taken, one more is not', () => {
    expect(validateBilling({ ...business, billingName: 'n'.repeat(200) })).toEqual({});
    expect(validateBilling({ ...business, billingName: 'n'.repeat(201) })).toEqual({
      billingName: BILLING_NAME_TOO_LONG_TEXT,
    });
  });

  it('an address of exactly the most is taken, one more is not', () => {
    expect(validateBilling({ ...business, address: 'a'.repeat(500) })).toEqual({});
    expect(validateBilling({ ...business, address: `${'a'.repeat(250)}\n${'b'.repeat(249)}` })).toEqual({});
    expect(validateBilling({ ...business, address: `${'a'.repeat(250)}\n${'b'.repeat(250)}` })).toEqual({
      address: BILLING_ADDRESS_TOO_LONG_TEXT,
    });
  });

  it('six address lines are taken, a seventh is not; a too-long address is named for its length', () => {
    expect(validateBilling({ ...business, address: 'a\nb\nc\nd\ne\nf' })).toEqual({});
    expect(validateBilling({ ...business, address: `${'a'.repeat(501)}\nb\nc\nd\ne\nf\ng` })).toEqual({
      address: BILLING_ADDRESS_TOO_LONG_TEXT,
    });
  });

  it('a VAT number starts with its country code: nothing before it', () => {
    for (const vat of ['1GB123456789', '-GB123456789', 'GB12.GB123456']) {
      expect(validateBilling({ ...business, vatNumber: vat })).toEqual({ vatNumber: VAT_NUMBER_FORMAT_TEXT });
    }
  });

  it('each rule judges its own field: several can fail at once', () => {
    expect(validateBilling({ billingName: 'n'.repeat(201), address: 'a'.repeat(501), vatNumber: 'X' })).toEqual({
      billingName: BILLING_NAME_TOO_LONG_TEXT,
      address: BILLING_ADDRESS_TOO_LONG_TEXT,
      vatNumber: VAT_NUMBER_FORMAT_TEXT,
    });
  });
});

describe('two stored forms', () => {
  it('differ when any one field differs', () => {
    expect(BILLING_FIELDS).toEqual(['billingName', 'address', 'vatNumber']);
    const normal = normalizeBilling(business);
    expect(sameBilling(normal, { ...normal })).toBe(true);
    expect(sameBilling(normal, { ...normal, billingName: 'Ada Limited' })).toBe(false);
    expect(sameBilling(normal, { ...normal, address: '1 Main Street' })).toBe(false);
    expect(sameBilling(normal, { ...normal, vatNumber: 'GB987654321' })).toBe(false);
    expect(sameBilling({ ...normal, billingName: null }, { ...normal, billingName: '' })).toBe(false);
  });
});
