/**
 * Booking links (docs/decisions/0042-customers-book-their-call.md): each booking mail carries a fresh
 * `/booking/<token>`, 256 random bits of which only the sha256 is kept. Every link of an order opens its current
 * call, whichever mail it came in, until the call ends; the order's id never appears in one.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { generateToken, hashToken, isWellFormedToken } from '../ways-in/tokens';

/** Makes a link for the order's call and returns its token, to go in the mail written in the same transaction. */
export async function newBookingToken(db: Kysely<Database>, invoiceId: string, now: Date): Promise<string> {
  const token = generateToken();
  await db
    .insertInto('booking_links')
    .values({ token_hash: hashToken(token), invoice_id: invoiceId, created_at: now.toISOString() })
    .execute();
  return token;
}

/** The page of a booking link: `${publicUrl}/booking/<token>`. */
export function bookingLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/booking/${token}`;
}

/** The order a link opens; undefined for junk or an unknown token (the same answer for both). */
export async function findOrderIdByToken(db: Kysely<Database>, token: string): Promise<string | undefined> {
  if (!isWellFormedToken(token)) return undefined;
  const row = await db
    .selectFrom('booking_links')
    .select('invoice_id')
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  return row?.invoice_id;
}

/** Forgets the links of calls that were held (the order delivered): a link ends with its call. */
export async function purgeEndedLinks(db: Kysely<Database>): Promise<number> {
  const result = await db
    .deleteFrom('booking_links')
    .where('invoice_id', 'in', db.selectFrom('orders').select('invoice_id').where('status', '=', 'delivered'))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
