/** Recognising database errors that are expected outcomes rather than failures. */

/** PostgreSQL's SQLSTATE for a UNIQUE or PRIMARY KEY violation. */
export const PG_UNIQUE_VIOLATION = '23505';

/**
 * A UNIQUE or PRIMARY KEY violation: another request wrote the same key first (two sign-ins of the same new
 * person, a retried order racing its first attempt). The caller reads what the winner wrote.
 */
export function isConstraintRace(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? (error as { code: unknown }).code : '';
  // SQLite (better-sqlite3) names the constraint kind; PostgreSQL (pg) gives the SQLSTATE 23505,
  // unique_violation, for UNIQUE and PRIMARY KEY alike.
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === PG_UNIQUE_VIOLATION;
}

/**
 * PostgreSQL refuses to store or compare some text at all: a NUL character (22021, character_not_in_repertoire)
 * or bytes its encoding cannot hold (22P05). SQLite takes such text, so only PostgreSQL raises this; it means
 * the client sent text no field of ours can hold, which is the client's error (400), not ours.
 */
export function isUnstorableText(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? (error as { code: unknown }).code : '';
  return code === '22021' || code === '22P05';
}

/** Node's socket errors when the database server cannot be reached or drops the connection. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
/** PostgreSQL: shutting down or starting (57P01-57P03), out of connections (53300). */
const PG_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * The database cannot serve right now (down, restarting, out of connections, SQLite's writer busy past its
 * wait): the request did nothing wrong and may be retried, so it is answered 503 with Retry-After, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = 'code' in error ? (error as { code: unknown }).code : undefined;
  if (typeof code === 'string') {
    return (
      NETWORK_CODES.has(code) ||
      PG_UNAVAILABLE.has(code) ||
      // SQLSTATE class 08: connection exception.
      /^08[0-9A-Z]{3}$/.test(code) ||
      // SQLite's writer busy, and its extended codes (SQLITE_BUSY_SNAPSHOT, _RECOVERY, _TIMEOUT).
      /^SQLITE_BUSY(_|$)/.test(code)
    );
  }
  // pg reports a connection lost mid-query, or a pool that found no connection in time, without a code.
  const message = error instanceof Error ? error.message : '';
  // A statement on a connection that had already failed: "Client has encountered a connection error and is not
  // queryable".
  return /^Connection terminated|timeout exceeded when trying to connect|is not queryable/.test(message);
}

/** The name of the rule two overlapping calls of one office member break (migration 0021). */
export const CALLS_OVERLAP = 'orders_calls_do_not_overlap';

/**
 * Whether a write failed because it would give an office member two overlapping calls: PostgreSQL's exclusion
 * constraint (23P01), or the SQLite trigger that aborts with the rule's name.
 */
export function isCallOverlap(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === '23P01') return true;
  return typeof message === 'string' && code === 'SQLITE_CONSTRAINT_TRIGGER' && message.includes(CALLS_OVERLAP);
}
