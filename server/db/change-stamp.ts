/**
 * A number that moves whenever the embedded SQLite database may have changed: the basis of the read cache
 * (read-cache.ts, decision 0016). Two signals SQLite keeps itself make it exact without any hook in the code
 * that writes:
 * - `total_changes()`: the rows this connection has inserted, updated or deleted since it opened. It counts a
 *   change when the statement runs, before its transaction commits, and never goes back (a rollback does not
 *   lower it), so it can only move early, never late;
 * - `PRAGMA data_version`: moves when another connection (another instance, the roles command) commits; asked
 *   only when the WAL-index header shows that someone may have (`othersCommits` below).
 * Only the Kysely instance `openDatabase` made is tracked. A transaction is another Kysely object and has no
 * stamp, nor has PostgreSQL: there the cache reads through.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import type SQLite from 'better-sqlite3';

type Stamp = () => number;

const stamps = new WeakMap<object, Stamp>();

/**
 * The WAL-index header: the first 48 bytes of the `-shm` file, in SQLite's documented shared-memory format
 * (sqlite.org/walformat.html, "The WAL-Index Header"). Every commit, by any connection, rewrites it (its change
 * counter, last frame and checksums); while it stays the same, no connection has committed.
 */
const WAL_INDEX_HEADER_BYTES = 48;

interface OthersCommits {
  /** `PRAGMA data_version`: moves when another connection has committed since the last call. */
  read(): number;
  close(): void;
}

/**
 * `PRAGMA data_version`, asked only when it may have moved. It takes the WAL index's read lock (two `fcntl`
 * calls), 2 µs of the server's hottest request (docs/performance.md); reading the WAL-index header, without a
 * lock, is a third of that. While the header is the one seen when data_version was last asked, nobody has
 * committed since, so data_version has not moved. When it differs (a commit by this connection or another, a
 * WAL restart, a header caught mid-write), data_version is asked and decides. A private in-memory database has
 * no other connection at all; a file not in WAL mode has no header to look at and asks every time.
 */
function othersCommits(sqlite: SQLite.Database): OthersCommits {
  if (sqlite.memory) return { read: () => 0, close: () => {} };
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  const ask = () => dataVersion.get() as number;
  // Also the first read of a WAL database, which creates its -shm file.
  let version = ask();
  if (String(sqlite.pragma('journal_mode', { simple: true })).toLowerCase() !== 'wal') {
    return { read: ask, close: () => {} };
  }
  const fd = openSync(`${sqlite.name}-shm`, 'r');
  const seen = Buffer.alloc(WAL_INDEX_HEADER_BYTES);
  const now = Buffer.alloc(WAL_INDEX_HEADER_BYTES);
  return {
    read() {
      readSync(fd, now, 0, WAL_INDEX_HEADER_BYTES, 0);
      if (now.equals(seen)) return version;
      // The header first, then data_version: what data_version answers is never older than `seen`.
      now.copy(seen);
      version = ask();
      return version;
    },
    close: () => closeSync(fd),
  };
}

/**
 * Gives `db` (the Kysely instance over `sqlite`) its stamp. Returns what to call when the connection closes:
 * the -shm file's descriptor is closed with it.
 */
export function trackChanges(db: object, sqlite: SQLite.Database): () => void {
  // Compiled once: total_changes() is then about 50 ns.
  const ownChanges = sqlite.prepare('SELECT total_changes()').pluck();
  const others = othersCommits(sqlite);
  let changes = -1;
  let version = -1;
  let generation = 0;
  stamps.set(db, () => {
    const nowChanges = ownChanges.get() as number;
    const nowVersion = others.read();
    if (nowChanges !== changes || nowVersion !== version) {
      changes = nowChanges;
      version = nowVersion;
      generation += 1;
    }
    return generation;
  });
  return () => {
    stamps.delete(db);
    others.close();
  };
}

/** The database's generation: equal numbers mean nothing changed in between. Null when `db` is not tracked. */
export function changeStamp(db: object): number | null {
  const stamp = stamps.get(db);
  return stamp ? stamp() : null;
}
