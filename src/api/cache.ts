/**
 * The GET response cache in local storage (docs/architecture.md#how-a-flow-travels-through-the-browser,
 * docs/product.md#constants): entries `{ value, expiryDate }`, keyed by call and signed-in user; 0 minutes
 * means not cached; cleared on logout.
 */
const PREFIX = 'cache:';

interface Entry {
  value: unknown;
  expiryDate: number;
}

export function cacheKey(path: string, userKey: string): string {
  return `${PREFIX}${userKey}:${path}`;
}

export function readCache(key: string, now = Date.now()): { hit: true; value: unknown } | { hit: false } {
  const raw = localStorage.getItem(key);
  if (raw === null) return { hit: false };
  try {
    const entry = JSON.parse(raw) as Entry;
    if (typeof entry.expiryDate === 'number' && entry.expiryDate > now) return { hit: true, value: entry.value };
  } catch {
    // A damaged entry is treated as absent and removed below.
  }
  localStorage.removeItem(key);
  return { hit: false };
}

export function writeCache(key: string, value: unknown, minutes: number, now = Date.now()): void {
  if (minutes <= 0) return;
  const entry: Entry = { value, expiryDate: now + minutes * 60_000 };
  localStorage.setItem(key, JSON.stringify(entry));
}

export function clearCache(): void {
  for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
}
