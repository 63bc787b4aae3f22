/**
 * Account deletion on request: the request only schedules it ACCOUNT_DELETION_GRACE_DAYS ahead (a repeated
 * request keeps the first date), the customer can cancel until then, and `purgeDueAccounts` (run by
 * server/main.ts at start and every hour) deletes the accounts whose date has passed with all their data.
 */
import type { Kysely } from 'kysely';
import { ACCOUNT_DELETION_GRACE_DAYS, INVOICE_RETENTION_YEARS } from '#domain/policies';
import { type Clock, DAY_MS } from '../clock';
import { isPostgres } from '../db/dialect';
import type { Database } from '../db/schema';

export function deletionDateFrom(now: Date): Date {
  return new Date(now.getTime() + ACCOUNT_DELETION_GRACE_DAYS * DAY_MS);
}

/** Whole days from `now` until `on`, at least 1 while the date is still ahead. */
export function daysUntil(on: Date, now: Date): number {
  return Math.max(1, Math.ceil((on.getTime() - now.getTime()) / DAY_MS));
}

/** Schedules the deletion unless one is scheduled already; `created` tells which. */
export async function scheduleDeletion(
  db: Kysely<Database>,
  userId: string,
  now: Date,
): Promise<{ on: Date; created: boolean }> {
  const on = deletionDateFrom(now);
  const result = await db
    .updateTable('users')
    .set({ deletion_scheduled_for: on.toISOString(), updated_at: now.toISOString() })
    .where('id', '=', userId)
    .where('deletion_scheduled_for', 'is', null)
    .executeTakeFirst();
  if (result.numUpdatedRows === 1n) return { on, created: true };
  const row = await db
    .selectFrom('users')
    .select('deletion_scheduled_for')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { on: new Date(row.deletion_scheduled_for ?? on.toISOString()), created: false };
}

/** Clears a scheduled deletion; true when there was one. */
export async function cancelDeletion(db: Kysely<Database>, userId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ deletion_scheduled_for: null, updated_at: now.toISOString() })
    .where('id', '=', userId)
    .where('deletion_scheduled_for', 'is not', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Deletes every account whose deletion date has passed, with its data: sessions, notifications, codes, passkeys,
 * identities and avatar go by ON DELETE CASCADE; the account's visit records and unpaid invoices are deleted
 * here. Paid invoices are kept for the statutory record-keeping period (INVOICE_RETENTION_YEARS), detached:
 * their foreign key sets user_id to NULL, so nothing in them names the person any more. Their orders keep
 * the record of what was delivered and when (status, dates, the report's name and sha256, the audit trail)
 * but not the report's content or how a call was joined: both may hold the customer's own details, and the
 * law keeps the invoice, not the work.
 * Returns the ids of the deleted accounts.
 */
export async function purgeDueAccounts(db: Kysely<Database>, clock: Clock): Promise<string[]> {
  const now = clock.now().toISOString();
  return db.transaction().execute(async (trx) => {
    const query = trx
      .selectFrom('users')
      .select('id')
      .where('deletion_scheduled_for', 'is not', null)
      .where('deletion_scheduled_for', '<=', now);
    // A customer may cancel the deletion at this very moment. SQLite runs one writing transaction at a time
    // (this one fails rather than act on a stale read); PostgreSQL needs the rows locked, so that a cancel
    // either commits first (and the row no longer matches) or waits for this transaction and finds no account.
    // SQLite has no FOR UPDATE: the one dialect branch here.
    const due = await (isPostgres(trx) ? query.forUpdate() : query).execute();
    const ids = due.map((row) => row.id);
    if (ids.length === 0) return [];
    await trx.deleteFrom('visits').where('user_id', 'in', ids).execute();
    await trx
      .updateTable('orders')
      .set({ report: null, join_info: null })
      .where('invoice_id', 'in', trx.selectFrom('invoices').select('id').where('user_id', 'in', ids))
      .execute();
    await trx.deleteFrom('invoices').where('user_id', 'in', ids).where('paid', '=', 0).execute();
    await trx.deleteFrom('users').where('id', 'in', ids).execute();
    return ids;
  });
}

/** When a detached paid invoice may go: INVOICE_RETENTION_YEARS after its payment. */
export function invoiceRetentionCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - INVOICE_RETENTION_YEARS);
  return cutoff;
}

/** Deletes detached paid invoices whose retention period has ended; returns how many. */
export async function purgeExpiredInvoiceRecords(db: Kysely<Database>, clock: Clock): Promise<number> {
  const result = await db
    .deleteFrom('invoices')
    .where('user_id', 'is', null)
    .where('paid_at', '<=', invoiceRetentionCutoff(clock.now()).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
