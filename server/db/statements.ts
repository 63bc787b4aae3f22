/**
 * Prepared statements kept for reuse. Kysely's SQLite driver asks for a statement on every query, and
 * better-sqlite3 compiles one anew each time it is asked: on a short query that costs more than running it
 * (docs/performance.md). Kysely passes values as parameters, so the app has a small, fixed set of SQL texts
 * and each is compiled once. Reuse is safe: better-sqlite3 runs a statement to completion synchronously (the
 * app never streams rows), and SQLite re-prepares a statement itself when the schema changes under it.
 */
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** More than the app's distinct queries; `IN (…)` lists of different lengths each count as one. */
const STATEMENT_CACHE_SIZE = 500;

export function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  // A Map keeps insertion order: a hit moves its statement to the end, so the first key is the least recent.
  const cache = new Map<string, SqliteStatement>();
  return {
    prepare(sql) {
      const kept = cache.get(sql);
      if (kept) {
        cache.delete(sql);
        cache.set(sql, kept);
        return kept;
      }
      const statement = sqlite.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > size) cache.delete(cache.keys().next().value!);
      return statement;
    },
    close() {
      cache.clear();
      sqlite.close();
    },
  };
}
