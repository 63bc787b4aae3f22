import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPrice } from '#domain/catalogue/price';

/** What the formatter stands in for: the text British English gives an amount of pounds. */
const intl = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

describe('formatPrice', () => {
  it('writes pounds with pence and thousands grouped', () => {
    expect(formatPrice(49)).toBe('£49.00');
    expect(formatPrice(2200)).toBe('£2,200.00');
    expect(formatPrice(1234567.5)).toBe('£1,234,567.50');
    expect(formatPrice(0)).toBe('£0.00');
    expect(formatPrice(-49.99)).toBe('-£49.99');
  });

  it('rounds a half penny up as written, not as stored (as Intl does)', () => {
    // Both are stored just under the half (1.00499…, …744.61499…): rounding the stored value gave a penny less.
    expect(formatPrice(1.005)).toBe('£1.01');
    expect(formatPrice(491916616744.615)).toBe('£491,916,616,744.62');
    expect(formatPrice(1e21)).toBe(intl.format(1e21));
    expect(formatPrice(1e-7)).toBe('£0.00');
  });

  it('gives the same text as Intl.NumberFormat for any amount in pence', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (pence) => {
        expect(formatPrice(pence / 100)).toBe(intl.format(pence / 100));
      }),
      { numRuns: 2000 },
    );
  });

  it('gives the same text as Intl.NumberFormat for any amount from zero up, rounded to the penny alike', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e12, noNaN: true }), (pounds) => {
        expect(formatPrice(pounds)).toBe(intl.format(pounds));
      }),
      { numRuns: 5000 },
    );
  });
});
