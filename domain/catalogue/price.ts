/**
 * Formats an amount in pounds: 49 → '£49.00', 2200 → '£2,200.00' (docs/product.md#catalogue).
 *
 * Written out rather than with `Intl.NumberFormat`, which gives the same text (tests/unit/price.test.ts holds the
 * two equal): the first Intl formatter a page makes loads the browser's locale data, about 100 ms of a phone's CPU,
 * and this module runs on every page before its first paint (docs/performance.md, "Intl off the first paint").
 */
export function formatPrice(pounds: number): string {
  const [whole = '0', pence = '00'] = Math.abs(pounds).toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${pounds < 0 ? '-' : ''}£${grouped}.${pence}`;
}
