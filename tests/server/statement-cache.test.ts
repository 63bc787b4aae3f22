/**
 * The prepared statements kept for reuse (server/db/statements.ts): one per SQL text, the least recently used one
 * let go past the cache's size, and a statement used again counting as recent.
 */
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from '#server/db/statements';

describe('the statement cache', () => {
  it('compiles a text once, and lets the least recently used go past its size', () => {
    const sqlite = new SQLite(':memory:');
    const cache = withStatementCache(sqlite, 2);
    try {
      const one = cache.prepare('SELECT 1');
      expect(cache.prepare('SELECT 1')).toBe(one);
      const two = cache.prepare('SELECT 2');
      // Used again: now the most recent, so the third text lets SELECT 2 go, not SELECT 1.
      expect(cache.prepare('SELECT 1')).toBe(one);
      cache.prepare('SELECT 3');
      expect(cache.prepare('SELECT 1')).toBe(one);
      expect(cache.prepare('SELECT 2')).not.toBe(two);
    } finally {
      cache.close();
    }
    expect(sqlite.open).toBe(false);
  });
});
