/**
 * Codes bound to a ticket (docs/decisions/0022-tickets-for-codes.md): each request of a code gets its own
 * code and an opaque ticket that only the requester holds, so a stranger's wrong guesses use up the
 * stranger's ticket, never the owner's. Used for the e-mailed sign-in step and for password reset codes.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('code_tickets')
    // sha256 (hex) of the ticket: a leaked database does not hand out live tickets.
    .addColumn('ticket_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  // The clean-up removes expired tickets by this index.
  await db.schema.createIndex('code_tickets_expires_at').on('code_tickets').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('code_tickets').execute();
}
