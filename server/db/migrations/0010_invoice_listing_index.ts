/**
 * A customer's invoices list newest first, ties broken by id (docs/decisions/0009): the index now carries the
 * id too, so the listing reads rows in their final order instead of sorting them on every request.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('invoices_user_created_id')
    .on('invoices')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('invoices_user_created').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('invoices_user_created').on('invoices').columns(['user_id', 'created_at']).execute();
  await db.schema.dropIndex('invoices_user_created_id').execute();
}
