/** Invoices (one per order) and the payment provider events already applied to them. */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invoices')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('amount_pence', 'integer', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('paid', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('paid_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('provider_ref', 'text')
    .execute();

  // "My invoices, newest first" reads exactly this index.
  await db.schema.createIndex('invoices_user_created').on('invoices').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('event_id', 'text', (col) => col.notNull())
    .addColumn('processed_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('payment_events_pk', ['provider', 'event_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_events').execute();
  await db.schema.dropTable('invoices').execute();
}
