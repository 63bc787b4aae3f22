/**
 * Amounts are stored in whole pence; the wire carries pounds. Here, the lowest folder that needs them (orders),
 * so that invoices, payments and the export convert alike without two resources importing each other
 * (docs/decisions/0040-server-resources-in-tiers.md).
 */
export function poundsToPence(pounds: number): number {
  return Math.round(pounds * 100);
}

export function penceToPounds(pence: number): number {
  return pence / 100;
}
