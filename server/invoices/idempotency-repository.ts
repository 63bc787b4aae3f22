/** Queries on the Idempotency-Keys of orders (idempotency.ts): kept per customer for IDEMPOTENCY_KEY_HOURS. */
import type { Kysely } from 'kysely';
import { HOUR_MS, type Clock } from '#server/clock';
import type { Database } from '#server/db/schema';
import { IDEMPOTENCY_KEY_HOURS } from './idempotency';

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
