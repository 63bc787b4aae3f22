/**
 * `Idempotency-Key` on POST /api/invoices/create: the first request with a key makes the invoice and records
 * the key beside it (in the same transaction); a retry with the same key gets that invoice's payment link
 * instead of a second invoice, and the same key with a different order is refused. Keys are per customer and
 * kept for IDEMPOTENCY_KEY_HOURS (the hourly clean-up removes older ones). The keys' queries are
 * idempotency-repository.ts.
 */
import type { Context } from 'hono';
import { HttpError } from '../http/errors';
import type { EarlierOrder } from './idempotency-repository';

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

/** Refuses a key reused for another order. */
export function assertSameOrder(earlier: EarlierOrder, fingerprint: string): void {
  if (earlier.fingerprint !== fingerprint) throw new HttpError(409, IDEMPOTENCY_KEY_REUSED_TEXT);
}
