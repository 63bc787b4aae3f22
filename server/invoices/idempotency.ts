/**
 * `Idempotency-Key` on POST /api/invoices/create: the first request with a key makes the invoice and records
 * the key beside it (in the same transaction); a retry with the same key gets that invoice's payment link
 * instead of a second invoice, and the same key with a different order is refused. Keys are per customer and
 * kept for IDEMPOTENCY_KEY_HOURS (the hourly clean-up removes older ones).
 */
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import { HOUR_MS, type Clock } from '../clock';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';

export const IDEMPOTENCY_KEY_HOURS = 24;
export const IDEMPOTENCY_KEY_TEXT = 'The Idempotency-Key header must be 1 to 255 visible characters.';
export const IDEMPOTENCY_KEY_REUSED_TEXT =
  'This Idempotency-Key was already used for a different order. Send a new key for a new order.';

/** The header's value, or null when none was sent; 400 when it is malformed. */
export function readIdempotencyKey(c: Context): string | null {
  const value = c.req.header('idempotency-key');
  if (value === undefined) return null;
  if (!/^[\x21-\x7e]{1,255}$/.test(value)) throw new HttpError(400, IDEMPOTENCY_KEY_TEXT);
  return value;
}

export function orderFingerprint(order: { title: string; type: string; url: string }): string {
  return JSON.stringify([order.title, order.type, order.url]);
}

export interface EarlierOrder {
  invoice_id: string;
  fingerprint: string;
  payment_link: string | null;
}

export function findEarlierOrder(
  db: Kysely<Database>,
  userId: string,
  key: string,
  clock: Clock,
): Promise<EarlierOrder | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .select(['invoice_id', 'fingerprint', 'payment_link'])
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .where('created_at', '>', keyCutoff(clock))
    .executeTakeFirst();
}

export async function recordKey(
  trx: Kysely<Database>,
  row: { userId: string; key: string; invoiceId: string; fingerprint: string; now: Date },
): Promise<void> {
  // An expired key of the same name may still be there until the clean-up: the new order takes its place.
  await trx
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', row.userId)
    .where('idempotency_key', '=', row.key)
    .where('created_at', '<=', new Date(row.now.getTime() - IDEMPOTENCY_KEY_HOURS * HOUR_MS).toISOString())
    .execute();
  await trx
    .insertInto('idempotency_keys')
    .values({
      user_id: row.userId,
      idempotency_key: row.key,
      invoice_id: row.invoiceId,
      fingerprint: row.fingerprint,
      payment_link: null,
      created_at: row.now.toISOString(),
    })
    .execute();
}

export async function rememberPaymentLink(
  db: Kysely<Database>,
  userId: string,
  key: string,
  paymentLink: string,
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ payment_link: paymentLink })
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .execute();
}

function keyCutoff(clock: Clock): string {
  return new Date(clock.now().getTime() - IDEMPOTENCY_KEY_HOURS * HOUR_MS).toISOString();
}

export async function purgeExpiredKeys(db: Kysely<Database>, clock: Clock): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<=', keyCutoff(clock)).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Refuses a key reused for another order. */
export function assertSameOrder(earlier: EarlierOrder, fingerprint: string): void {
  if (earlier.fingerprint !== fingerprint) throw new HttpError(409, IDEMPOTENCY_KEY_REUSED_TEXT);
}
