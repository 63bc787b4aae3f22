/**
 * An order's audit entry keeps who made the change by name and e-mail as well as by id: the id is set to null
 * when the staff member's account is deleted, and the trail must still say who it was.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_events').addColumn('actor_name', 'text').execute();
  await db.schema.alterTable('order_events').addColumn('actor_email', 'text').execute();
  await sql`UPDATE order_events SET
      actor_name = (SELECT name FROM users WHERE users.id = order_events.actor_user_id),
      actor_email = (SELECT email FROM users WHERE users.id = order_events.actor_user_id)
    WHERE actor_user_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_events').dropColumn('actor_email').execute();
  await db.schema.alterTable('order_events').dropColumn('actor_name').execute();
}
