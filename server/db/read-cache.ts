/**
 * Answers of the hottest reads (the session behind a token, a customer's invoice list), kept until the database
 * next changes in any way (decision 0016). Exact rather than fresh-enough: every entry belongs to one generation
 * of the database (change-stamp.ts), and the first read that sees a new generation drops them all. A revoked
 * session, a changed role or a new order is therefore seen by the very next request, as without the cache.
 *
 * A value is kept only when the cache did not move to a newer generation while it was read, so a value read
 * across a write is never served as that newer generation's. Where the database has no stamp (PostgreSQL, a
 * transaction) every read goes to the database.
 */
import { changeStamp } from './change-stamp';

export interface ReadCacheLimits {
  /** Most entries kept; the oldest goes first. */
  maxEntries: number;
  /** Most of the sizes (`sizeOf`) kept together; a value larger than this alone is not kept. */
  maxSize?: number;
  sizeOf?: (value: unknown) => number;
}

export interface ReadCache<K, V> {
  /** The value for `key`: kept from this generation, or from `load` (undefined is never kept). */
  read(key: K, load: () => Promise<V | undefined>): Promise<V | undefined>;
}

export function createReadCache<K, V>(db: object, limits: ReadCacheLimits): ReadCache<K, V> {
  const { maxEntries, maxSize = Infinity, sizeOf = () => 0 } = limits;
  const entries = new Map<K, { value: V; size: number }>();
  let generation: number | null = null;
  let size = 0;

  function keep(key: K, value: V): void {
    const valueSize = sizeOf(value);
    if (valueSize > maxSize) return;
    const old = entries.get(key);
    if (old) {
      entries.delete(key);
      size -= old.size;
    }
    entries.set(key, { value, size: valueSize });
    size += valueSize;
    // A Map iterates in insertion order: the first key is the oldest.
    while (entries.size > maxEntries || size > maxSize) {
      const [oldestKey, oldest] = entries.entries().next().value!;
      entries.delete(oldestKey);
      size -= oldest.size;
    }
  }

  return {
    async read(key, load) {
      const before = changeStamp(db);
      if (before === null) return load();
      if (before !== generation) {
        entries.clear();
        size = 0;
        generation = before;
      }
      const kept = entries.get(key);
      if (kept) return kept.value;
      const value = await load();
      // A read that began before a change may end after another read saw it: its value is not kept. A change
      // no read has seen yet needs no check here, as the next read sees it and drops everything.
      if (value !== undefined && generation === before) keep(key, value);
      return value;
    },
  };
}
