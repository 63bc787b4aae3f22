/** The billing details on the users table (docs/product.md#billing-details), in the normal form of domain/billing.ts. */
import type { Kysely } from 'kysely';
import type { BillingDetails } from '#domain/billingContract';
import type { Database } from '../db/schema';

export async function readBilling(db: Kysely<Database>, userId: string): Promise<BillingDetails> {
  const row = await db
    .selectFrom('users')
    .select(['billing_name', 'billing_address', 'billing_vat_number'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { billingName: row.billing_name, address: row.billing_address, vatNumber: row.billing_vat_number };
}

export async function saveBilling(
  db: Kysely<Database>,
  userId: string,
  details: BillingDetails,
  now: Date,
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      billing_name: details.billingName,
      billing_address: details.address,
      billing_vat_number: details.vatNumber,
      updated_at: now.toISOString(),
    })
    .where('id', '=', userId)
    .execute();
}
