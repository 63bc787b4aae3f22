/**
 * The account deletion's queries (server/account/deletion.ts holds its rules): the date on `users`, and the
 * purge of an account with what it owns that no foreign key removes.
 */
import type { Kysely } from 'kysely';
import { isPostgres } from '../db/dialect';
import type { Database } from '../db/schema';

/** Sets the deletion date unless one is set already; false when there was one. */
export async function setDeletionDateOnce(db: Kysely<Database>, userId: string, on: Date, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ deletion_scheduled_for: on.toISOString(), updated_at: now.toISOString() })
    .where('id', '=', userId)
    .where('deletion_scheduled_for', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The account's deletion date, null when none is set. */
export async function findDeletionDate(db: Kysely<Database>, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('deletion_scheduled_for')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.deletion_scheduled_for;
}

/** Clears the deletion date; true when there was one. */
export async function clearDeletionDate(db: Kysely<Database>, userId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ deletion_scheduled_for: null, updated_at: now.toISOString() })
    .where('id', '=', userId)
    .where('deletion_scheduled_for', 'is not', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The ids of the accounts whose deletion date is `now` or before, locked for the purge (`trx`). */
export async function lockDueAccounts(trx: Kysely<Database>, now: Date): Promise<string[]> {
  const query = trx
    .selectFrom('users')
    .select('id')
    .where('deletion_scheduled_for', 'is not', null)
    .where('deletion_scheduled_for', '<=', now.toISOString());
  // A customer may cancel the deletion at this very moment. SQLite runs one writing transaction at a time
  // (this one fails rather than act on a stale read); PostgreSQL needs the rows locked, so that a cancel
  // either commits first (and the row no longer matches) or waits for this transaction and finds no account.
  // SQLite has no FOR UPDATE: the one dialect branch here.
  const due = await (isPostgres(trx) ? query.forUpdate() : query).execute();
  return due.map((row) => row.id);
}

/**
 * Deletes the accounts (`trx`): their visits and unpaid invoices here, their paid invoices' orders stripped of
 * the report's content and how a call was joined; the rest goes by ON DELETE CASCADE or SET NULL.
 */
export async function deleteAccountsAndData(trx: Kysely<Database>, ids: string[]): Promise<void> {
  await trx.deleteFrom('visits').where('user_id', 'in', ids).execute();
  await trx
    .updateTable('orders')
    .set({ report: null, join_info: null })
    .where('invoice_id', 'in', trx.selectFrom('invoices').select('id').where('user_id', 'in', ids))
    .execute();
  await trx.deleteFrom('invoices').where('user_id', 'in', ids).where('paid', '=', 0).execute();
  await trx.deleteFrom('users').where('id', 'in', ids).execute();
}

/** Deletes the detached (no account) invoices paid at `cutoff` or before; answers how many. */
export async function deleteDetachedInvoicesPaidBefore(db: Kysely<Database>, cutoff: Date): Promise<number> {
  const result = await db
    .deleteFrom('invoices')
    .where('user_id', 'is', null)
    .where('paid_at', '<=', cutoff.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
