/**
 * Idempotency keys of POST /api/invoices/create: a retried order (a double click, a lost answer on a bad
 * connection) sent with the same `Idempotency-Key` gets the first attempt's invoice instead of a second one.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'text', (col) => col.notNull())
    .addColumn('invoice_id', 'text', (col) => col.notNull().references('invoices.id').onDelete('cascade'))
    /** What was ordered (service, type, url): the same key with another order is refused. */
    .addColumn('fingerprint', 'text', (col) => col.notNull())
    /** Set once the payment provider answered; null while the first attempt is still under way or failed. */
    .addColumn('payment_link', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
