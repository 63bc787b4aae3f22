/**
 * 'Last login since X ago' (docs/product.md#screens): the two largest non-zero units among
 * days, hours, mins and secs.
 */
const UNITS = [
  { name: 'day', ms: 86_400_000 },
  { name: 'hour', ms: 3_600_000 },
  { name: 'min', ms: 60_000 },
  { name: 'sec', ms: 1000 },
] as const;

export function formatSince(elapsedMs: number): string {
  let rest = Math.max(0, Math.floor(elapsedMs / 1000) * 1000);
  const parts: string[] = [];
  for (const unit of UNITS) {
    const count = Math.floor(rest / unit.ms);
    rest -= count * unit.ms;
    if (count > 0) parts.push(`${count} ${unit.name}${count === 1 ? '' : 's'}`);
  }
  if (parts.length === 0) return '0 secs';
  return parts.slice(0, 2).join(' ');
}
