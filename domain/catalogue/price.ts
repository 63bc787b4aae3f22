/**
 * Formats an amount in pounds: 49 → '£49.00', 2200 → '£2,200.00' (docs/product.md#catalogue).
 *
 * Written out rather than with `Intl.NumberFormat`, which gives the same text (tests/unit/price.test.ts holds the
 * two equal): the first Intl formatter a page makes loads the browser's locale data, about 100 ms of a phone's CPU,
 * and this module runs on every page before its first paint (docs/performance.md, "Intl off the first paint").
 */
export function formatPrice(pounds: number): string {
  const digits = penceIn(Math.abs(pounds)).toString().padStart(3, '0');
  const grouped = digits.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${pounds < 0 ? '-' : ''}£${grouped}.${digits.slice(-2)}`;
}

/**
 * A positive amount of pounds in whole pence, rounded as Intl rounds it: the shortest decimal that names the number
 * (what `String` writes), half away from zero. `toFixed(2)` rounds the number's binary value instead, which can lie
 * just under the half: 491916616744.615 is stored as …744.61499…, and came out a penny short of Intl's …744.62.
 */
function penceIn(amount: number): bigint {
  const text = String(amount);
  // Exponent notation: below a millionth of a pound (no pence), or above 1e21 (a whole number).
  if (text.includes('e')) return text.includes('e-') ? 0n : BigInt(amount) * 100n;
  const [whole = '0', fraction = ''] = text.split('.');
  const places = fraction.padEnd(3, '0');
  const pence = BigInt(whole + places.slice(0, 2));
  return places[2]! >= '5' ? pence + 1n : pence;
}
