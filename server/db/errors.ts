/** Recognising database errors that are expected outcomes rather than failures. */

/**
 * A UNIQUE or PRIMARY KEY violation: another request wrote the same key first (two sign-ins of the same new
 * person, a retried order racing its first attempt). The caller reads what the winner wrote.
 */
export function isConstraintRace(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? (error as { code: unknown }).code : '';
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
