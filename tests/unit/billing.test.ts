/** The billing details' rules (domain/billing.ts): what is taken, what each refusal says, and the normal form. */
import { describe, expect, it } from 'vitest';
import {
  BILLING_ADDRESS_LINES_TEXT,
  BILLING_ADDRESS_TOO_LONG_TEXT,
  BILLING_NAME_TOO_LONG_TEXT,
  type BillingValues,
  VAT_NUMBER_FORMAT_TEXT,
  VAT_NUMBER_NEEDS_BUYER_TEXT,
  billingValues,
  normalizeBilling,
  sameBilling,
  validateBilling,
} from '#domain/billing';

const empty: BillingValues = { billingName: '', address: '', vatNumber: '' };
const business: BillingValues = { billingName: 'Ada Ltd', address: '1 Main Street\nLondon', vatNumber: 'GB123456789' };

describe('billing rules', () => {
  it('takes nothing at all, any field alone but the VAT number, and the boundaries', () => {
    expect(validateBilling(empty)).toEqual({});
    expect(validateBilling({ ...empty, billingName: 'Ada Ltd' })).toEqual({});
    expect(validateBilling({ ...empty, address: '1 Main Street' })).toEqual({});
    expect(validateBilling(business)).toEqual({});
    const longest = {
      billingName: ` ${'n'.repeat(200)} `,
      // Six lines of 82 and the five line breaks: 497 characters; blank lines and spaces around lines do not count.
      address: `${Array.from({ length: 6 }, () => 'a'.repeat(82)).join('\n\n  ')}\n`,
      vatNumber: `fr ${'1'.repeat(13)}`,
    };
    expect(validateBilling(longest)).toEqual({});
    expect(validateBilling({ ...business, vatNumber: 'de12' })).toEqual({});
  });

  it.each<[keyof BillingValues, string, string]>([
    ['billingName', 'n'.repeat(201), BILLING_NAME_TOO_LONG_TEXT],
    ['address', 'a'.repeat(501), BILLING_ADDRESS_TOO_LONG_TEXT],
    ['address', 'a\nb\nc\nd\ne\nf\ng', BILLING_ADDRESS_LINES_TEXT],
    ['address', 'a\r\nb\rc\nd\ne\nf\ng', BILLING_ADDRESS_LINES_TEXT],
    ['vatNumber', 'GB1', VAT_NUMBER_FORMAT_TEXT],
    ['vatNumber', `GB${'1'.repeat(14)}`, VAT_NUMBER_FORMAT_TEXT],
    ['vatNumber', '123456789', VAT_NUMBER_FORMAT_TEXT],
    ['vatNumber', 'G1234567', VAT_NUMBER_FORMAT_TEXT],
    ['vatNumber', 'GB-123456789', VAT_NUMBER_FORMAT_TEXT],
    ['vatNumber', 'GB\t123456789', VAT_NUMBER_FORMAT_TEXT],
    ['vatNumber', 'ÉS12345678', VAT_NUMBER_FORMAT_TEXT],
  ])('refuses %s = %j', (field, value, message) => {
    expect(validateBilling({ ...business, [field]: value })).toEqual({ [field]: message });
  });

  it('a VAT number needs a billing name and an address beside it', () => {
    const vat = { ...empty, vatNumber: 'GB123456789' };
    expect(validateBilling(vat)).toEqual({ vatNumber: VAT_NUMBER_NEEDS_BUYER_TEXT });
    expect(validateBilling({ ...vat, billingName: 'Ada Ltd' })).toEqual({ vatNumber: VAT_NUMBER_NEEDS_BUYER_TEXT });
    expect(validateBilling({ ...vat, address: 'London' })).toEqual({ vatNumber: VAT_NUMBER_NEEDS_BUYER_TEXT });
    expect(validateBilling({ ...vat, billingName: ' ', address: '\n' })).toEqual({
      vatNumber: VAT_NUMBER_NEEDS_BUYER_TEXT,
    });
  });

  it('the normal form: trimmed, blank lines dropped, the VAT number upper-case without spaces, empty as null', () => {
    expect(
      normalizeBilling({
        billingName: '  Ada Ltd ',
        address: ' 1 Main St \r\n\n London\n',
        vatNumber: ' gb 123 456 789 ',
      }),
    ).toEqual({ billingName: 'Ada Ltd', address: '1 Main St\nLondon', vatNumber: 'GB123456789' });
    expect(normalizeBilling({ billingName: '  ', address: '\n \n', vatNumber: ' ' })).toEqual({
      billingName: null,
      address: null,
      vatNumber: null,
    });
    const normal = normalizeBilling(business);
    expect(billingValues(normal)).toEqual(business);
    expect(billingValues({ billingName: null, address: null, vatNumber: null })).toEqual(empty);
    expect(sameBilling(normal, normalizeBilling({ ...business, billingName: ' Ada Ltd ' }))).toBe(true);
    expect(sameBilling(normal, { ...normal, vatNumber: null })).toBe(false);
  });
});
