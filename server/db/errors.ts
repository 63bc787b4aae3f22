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
