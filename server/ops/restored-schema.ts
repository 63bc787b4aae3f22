/**
 * Whether this version of the site can run on a restored database. The server migrates at start (Kysely's
 * Migrator, server/db/migrate.ts): a backup's `kysely_migration` rows travel with it, so an up-to-date backup
 * needs nothing and an older one is brought forward. A backup from a NEWER version names migrations this code
 * does not have, and the Migrator refuses to start on it: said here, at restore time, instead.
 */
import { migrations } from '../db/migrations/index';
import { OpsError } from './command';

/** Throws when `applied` (the backup's migration names) holds one this code does not know. */
export function assertKnownMigrations(applied: readonly string[], what: string): void {
  if (applied.length === 0) {
    throw new OpsError(`${what} holds no storefront database (no kysely_migration rows): is it the right file?`);
  }
  const unknown = applied.filter((name) => !(name in migrations));
  if (unknown.length > 0) {
    throw new OpsError(
      `${what} comes from a newer version of the site (migrations ${unknown.join(', ')} are unknown to this one): ` +
        'deploy that version, then restore.',
    );
  }
}

/** "3 migrations to apply at the next start" or "up to date": printed after a restore. */
export function migrationNote(applied: readonly string[]): string {
  const pending = Object.keys(migrations).filter((name) => !applied.includes(name)).length;
  return pending === 0
    ? 'its schema is up to date'
    : `the server applies ${pending} newer migration(s) to it at its next start`;
}
