const poundFormatter = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Formats an amount in pounds: 49 → '£49.00', 2200 → '£2,200.00' (docs/product.md#catalogue). */
export function formatPrice(pounds: number): string {
  return poundFormatter.format(pounds);
}
