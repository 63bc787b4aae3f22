/**
 * A customer's invoice list as the JSON text of `{invoices: [...]}`, the answer of GET /api/invoices/my.
 *
 * On SQLite the database writes each invoice's JSON itself (json_object): reading twenty rows of seventeen
 * columns into JavaScript objects, mapping them to the wire shape and serialising that cost three times as much
 * as the query (docs/performance.md). The SQL below is the same mapping as `toWireInvoice` (wire.ts), which
 * PostgreSQL still uses; tests/server/invoices.test.ts holds the two to the same result for every state an
 * order can be in. Ids are UUIDs, which need no escaping in the download URLs.
 */
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../db/dialect';
import { preparedQuery } from '../db/prepared';
import { createReadCache } from '../db/read-cache';
import type { Database } from '../db/schema';
import { listInvoicesForUser } from './repository';
import { toWireInvoice } from './wire';

const BASE = sql.lit('/api/orders/');

const invoiceJsonRows = preparedQuery((db: Kysely<Database>, userId: string) =>
  db
    .selectFrom('invoices')
    .innerJoin('orders', 'orders.invoice_id', 'invoices.id')
    .select(
      sql<string>`json_object(
        '_id', invoices.id,
        'amount', invoices.amount_pence / 100.0,
        'paid', json(CASE WHEN invoices.paid = 1 THEN 'true' ELSE 'false' END),
        'paidAt', invoices.paid_at,
        'createdAt', invoices.created_at,
        'service', json_object('title', invoices.title, 'type', invoices.type, 'url', invoices.url),
        'testPayment', json(CASE WHEN invoices.provider = 'sandbox' THEN 'true' ELSE 'false' END),
        'order', json_object(
          'status', orders.status,
          'scheduledAt', orders.scheduled_at,
          'join', orders.join_info,
          'lateReason', orders.late_reason,
          'deliveredAt', orders.delivered_at,
          'reportURL', CASE WHEN orders.report_name IS NULL THEN NULL ELSE ${BASE} || invoices.id || '/report' END,
          'calendarURL', CASE WHEN orders.scheduled_at IS NULL THEN NULL ELSE ${BASE} || invoices.id || '/calendar.ics' END
        )
      )`.as('invoice'),
    )
    .where('invoices.user_id', '=', userId)
    .orderBy('invoices.created_at', 'desc')
    .orderBy('invoices.id', 'desc'),
);

/** Listings kept by the read cache at most, and their text's length together (about 8 MB). */
const LISTINGS_KEPT = 1_000;
const LISTING_TEXT_KEPT = 8 * 1024 * 1024;

/**
 * The listings of one database, each read once per change of the database (decision 0016): any order, payment
 * or delivery anywhere is a write, after which every listing is read afresh.
 */
export function invoiceListings(db: Kysely<Database>): { json(userId: string): Promise<string> } {
  const kept = createReadCache<string, string>(db, {
    maxEntries: LISTINGS_KEPT,
    maxSize: LISTING_TEXT_KEPT,
    sizeOf: (text) => (text as string).length,
  });
  return { json: async (userId) => (await kept.read(userId, () => invoiceListingJson(db, userId)))! };
}

export async function invoiceListingJson(db: Kysely<Database>, userId: string): Promise<string> {
  if (isPostgres(db)) {
    const rows = await listInvoicesForUser(db, userId);
    return JSON.stringify({ invoices: rows.map((row) => toWireInvoice(row)) });
  }
  const rows = await invoiceJsonRows(db, userId);
  return `{"invoices":[${rows.map((row) => row.invoice).join(',')}]}`;
}
