/**
 * The office side (docs/product.md#orders):
 * - `users.role`: 'common', 'office' or 'admin' (domain/orders.ts ROLES); every existing account is common.
 * - `orders`: one row per invoice, keyed by its id, holding where the order stands in the order machine
 *   (machines/order.machine.ts) and what the office added on the way: the call's time and how to join, the
 *   reason for a call later than the promise, the report PDF, the delivery time, and when the office was
 *   reminded of the promise. A table of its own (not more invoice columns) keeps the report's bytes out of
 *   every invoice query, and goes with its invoice (ON DELETE CASCADE) when an unpaid invoice or a retained
 *   one is deleted.
 * - `order_events`: every change of an order's status, who made it (null: the payment) and when.
 * Existing invoices get their order: paid ones 'paid', the others 'awaitingPayment'.
 */
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (col) => col.notNull().defaultTo('common'))
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('invoice_id', 'text', (col) => col.primaryKey().references('invoices.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('scheduled_at', 'text')
    .addColumn('join_info', 'text')
    .addColumn('late_reason', 'text')
    .addColumn('delivered_at', 'text')
    // Dialect branch, unavoidable (as in migration 0004): raw bytes are `blob` in SQLite and `bytea` in
    // PostgreSQL, and neither knows the other's name.
    .addColumn('report', isPostgres(db) ? 'bytea' : 'blob')
    .addColumn('report_name', 'text')
    .addColumn('report_sha256', 'text')
    .addColumn('promise_reminded_at', 'text')
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // The office's lists are one status (or a few) at a time.
  await db.schema.createIndex('orders_status').on('orders').column('status').execute();

  await db.schema
    .createTable('order_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('invoice_id', 'text', (col) => col.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('from_status', 'text', (col) => col.notNull())
    .addColumn('to_status', 'text', (col) => col.notNull())
    // An office member's deleted account leaves the entry, without a name.
    .addColumn('actor_user_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('note', 'text')
    .addColumn('at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('order_events_invoice').on('order_events').columns(['invoice_id', 'at']).execute();
  // ON DELETE SET NULL finds an account's entries by this column.
  await db.schema.createIndex('order_events_actor').on('order_events').column('actor_user_id').execute();

  await sql`
    INSERT INTO orders (invoice_id, status, updated_at)
    SELECT id, CASE WHEN paid = 1 THEN 'paid' ELSE 'awaitingPayment' END, COALESCE(paid_at, created_at)
    FROM invoices`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_events').execute();
  await db.schema.dropTable('orders').execute();
  await db.schema.alterTable('users').dropColumn('role').execute();
}
