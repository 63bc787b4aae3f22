/**
 * A number that moves whenever the embedded SQLite database may have changed: the basis of the read cache
 * (read-cache.ts, decision 0016). Two counters SQLite keeps itself make it exact without any hook in the code
 * that writes:
 * - `total_changes()`: the rows this connection has inserted, updated or deleted since it opened. It counts a
 *   change when the statement runs, before its transaction commits, and never goes back (a rollback does not
 *   lower it), so it can only move early, never late;
 * - `PRAGMA data_version`: moves when another connection (another instance, the roles command) commits.
 * Only the Kysely instance `openDatabase` made is tracked. A transaction is another Kysely object and has no
 * stamp, nor has PostgreSQL: there the cache reads through.
 */
import type SQLite from 'better-sqlite3';

type Stamp = () => number;

const stamps = new WeakMap<object, Stamp>();

/** Gives `db` (the Kysely instance over `sqlite`) its stamp. */
export function trackChanges(db: object, sqlite: SQLite.Database): void {
  // Compiled once: each read is then about 1.5 µs, almost all of it data_version's look at the shared WAL index.
  const ownChanges = sqlite.prepare('SELECT total_changes()').pluck();
  const othersCommits = sqlite.prepare('PRAGMA data_version').pluck();
  let changes = -1;
  let version = -1;
  let generation = 0;
  stamps.set(db, () => {
    const nowChanges = ownChanges.get() as number;
    const nowVersion = othersCommits.get() as number;
    if (nowChanges !== changes || nowVersion !== version) {
      changes = nowChanges;
      version = nowVersion;
      generation += 1;
    }
    return generation;
  });
}

/** The database's generation: equal numbers mean nothing changed in between. Null when `db` is not tracked. */
export function changeStamp(db: object): number | null {
  const stamp = stamps.get(db);
  return stamp ? stamp() : null;
}
