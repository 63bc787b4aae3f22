/**
 * Account deletion on request: the request only schedules it ACCOUNT_DELETION_GRACE_DAYS ahead (a repeated
 * request keeps the first date), the customer can cancel until then, and `purgeDueAccounts` (run by
 * server/main.ts at start and every hour) deletes the accounts whose date has passed with all their data.
 */
import type { Kysely } from 'kysely';
import { ACCOUNT_DELETION_GRACE_DAYS, INVOICE_RETENTION_YEARS } from '#domain/policies';
import { type Clock, DAY_MS } from '../clock';
import type { Database } from '../db/schema';
import {
  clearDeletionDate,
  deleteAccountsAndData,
  deleteDetachedInvoicesPaidBefore,
  findDeletionDate,
  lockDueAccounts,
  setDeletionDateOnce,
} from './deletion-repository';

function deletionDateFrom(now: Date): Date {
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
  if (await setDeletionDateOnce(db, userId, on, now)) return { on, created: true };
  const scheduled = await findDeletionDate(db, userId);
  return { on: new Date(scheduled ?? on.toISOString()), created: false };
}

/** Clears a scheduled deletion; true when there was one. */
export function cancelDeletion(db: Kysely<Database>, userId: string, now: Date): Promise<boolean> {
  return clearDeletionDate(db, userId, now);
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
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    // A customer may cancel the deletion at this very moment: the rows are locked where the dialect needs it
    // (server/account/deletion-repository.ts), so a cancel either commits first or finds no account.
    const ids = await lockDueAccounts(trx, now);
    if (ids.length === 0) return [];
    await deleteAccountsAndData(trx, ids);
    return ids;
  });
}

/** When a detached paid invoice may go: INVOICE_RETENTION_YEARS after its payment. */
function invoiceRetentionCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - INVOICE_RETENTION_YEARS);
  return cutoff;
}

/** Deletes detached paid invoices whose retention period has ended; returns how many. */
export function purgeExpiredInvoiceRecords(db: Kysely<Database>, clock: Clock): Promise<number> {
  return deleteDetachedInvoicesPaidBefore(db, invoiceRetentionCutoff(clock.now()));
}
