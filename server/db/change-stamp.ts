/**
 * A number that moves whenever the embedded SQLite database may have changed: the basis of the read cache
 * (read-cache.ts, decision 0016). Two signals SQLite keeps itself make it exact without any hook in the code
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

/**
 * Gives `db` (the Kysely instance over `sqlite`) its stamp. Returns what to call when the connection closes.
 *
 * Both counters are asked on every stamp, about 2 µs together (data_version takes the WAL index's read lock).
 * Reading the `-shm` file's WAL-index header first, to skip data_version while it stood still, saved about
 * 1.5 µs of that: less than a tenth of the signed-in request, so it was removed (decision 0024).
 */
export function trackChanges(db: object, sqlite: SQLite.Database): () => void {
  // Compiled once: total_changes() is then about 50 ns.
  const ownChanges = sqlite.prepare('SELECT total_changes()').pluck();
  // A private in-memory database has no other connection: nothing to ask.
  const dataVersion = sqlite.memory ? undefined : sqlite.prepare('PRAGMA data_version').pluck();
  let changes = -1;
  let version = -1;
  let generation = 0;
  stamps.set(db, () => {
    const nowChanges = ownChanges.get() as number;
    const nowVersion = dataVersion ? (dataVersion.get() as number) : 0;
    if (nowChanges !== changes || nowVersion !== version) {
      changes = nowChanges;
      version = nowVersion;
      generation += 1;
    }
    return generation;
  });
  return () => {
    stamps.delete(db);
  };
}

/** The database's generation: equal numbers mean nothing changed in between. Null when `db` is not tracked. */
export function changeStamp(db: object): number | null {
  const stamp = stamps.get(db);
  return stamp ? stamp() : null;
}
