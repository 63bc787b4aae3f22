/**
 * A customer's invoice list as the JSON text of `{invoices: [...]}`, the answer of GET /api/invoices/my: the
 * rows mapped by `toWireInvoice` (wire.ts), the one mapping of an invoice to its wire shape, on both databases.
 * (Until decision 0024 SQLite wrote the same JSON itself with `json_object`; on Node 24 that saved nothing
 * measurable, and the list is kept by the read cache between writes anyway.)
 */
import type { Kysely } from 'kysely';
import { createReadCache } from '../db/read-cache';
import type { Database } from '../db/schema';
import { listInvoicesForUser } from './repository';
import type { BookingRules } from '../orders/wire';
import { toWireInvoice } from './wire';

/** Listings kept by the read cache at most, and their text's length together (about 8 MB). */
const LISTINGS_KEPT = 1_000;
const LISTING_TEXT_KEPT = 8 * 1024 * 1024;

/**
 * The listings of one database, each read once per change of the database (decision 0016): any order, payment
 * or delivery anywhere is a write, after which every listing is read afresh.
 */
export function invoiceListings(db: Kysely<Database>, rules: BookingRules): { json(userId: string): Promise<string> } {
  const kept = createReadCache<string, string>(db, {
    maxEntries: LISTINGS_KEPT,
    maxSize: LISTING_TEXT_KEPT,
    sizeOf: (text) => (text as string).length,
  });
  return { json: async (userId) => (await kept.read(userId, () => invoiceListingJson(db, userId, rules)))! };
}

export async function invoiceListingJson(db: Kysely<Database>, userId: string, rules: BookingRules): Promise<string> {
  const rows = await listInvoicesForUser(db, userId);
  return JSON.stringify({ invoices: rows.map((row) => toWireInvoice(row, rules)) });
}
