/**
 * What a customer's own booking adds to an order's call (docs/decisions/0042-customers-book-their-call.md):
 * - whether the customer chose the time (the office sees why a call is later than the promise);
 * - the customer's IANA zone, for the times their mails state;
 * - the calendar event's SEQUENCE, raised in the same write as every move and the cancel (a count of the audit
 *   trail gave it before; existing calls carry that count over);
 * - which call time the customer's reminder went for: a moved call's new time is not that one, so it is reminded
 *   again, and the old time never is.
 * `booking_links` holds the hash of each booking link a mail carried: every mail's link stays live until the
 * call ends, whichever mail the customer opens.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('call_chosen_by_customer', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('call_customer_zone', 'text').execute();
  await db.schema.alterTable('orders').addColumn('call_sequence', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('call_reminded_for', 'text').execute();
  await sql`UPDATE orders SET call_sequence = (
    SELECT COUNT(*) - 1 FROM order_events
    WHERE order_events.invoice_id = orders.invoice_id AND order_events.to_status = 'scheduled'
  ) WHERE scheduled_at IS NOT NULL`.execute(db);

  await db.schema
    .createTable('booking_links')
    // sha256 of the link's token, hex: the token itself is never stored.
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('invoice_id', 'text', (col) => col.notNull().references('orders.invoice_id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('booking_links_by_order').on('booking_links').column('invoice_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('booking_links').execute();
  for (const column of ['call_reminded_for', 'call_sequence', 'call_customer_zone', 'call_chosen_by_customer']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
}
