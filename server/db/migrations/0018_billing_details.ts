/**
 * The customer's billing details (docs/product.md#billing-details): the name, address and VAT number a paid
 * invoice's document names as its buyer (docs/invoices.md). Null: not given.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One column each (SQLite adds one column per ALTER TABLE): copied into the document at payment, not joined later.
  await db.schema.alterTable('users').addColumn('billing_name', 'text').execute();
  // Lines separated by "\n".
  await db.schema.alterTable('users').addColumn('billing_address', 'text').execute();
  // Upper-case, without spaces (domain/billing.ts).
  await db.schema.alterTable('users').addColumn('billing_vat_number', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('billing_vat_number').execute();
  await db.schema.alterTable('users').dropColumn('billing_address').execute();
  await db.schema.alterTable('users').dropColumn('billing_name').execute();
}
