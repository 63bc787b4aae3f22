/** Profile pictures (kept in the database, so every server instance can serve them) and visit records. */
import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('avatars')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('content_type', 'text', (col) => col.notNull())
    // Dialect branch, unavoidable: raw bytes are `blob` in SQLite and `bytea` in PostgreSQL, and neither knows
    // the other's name (SQLite would take `bytea` but give it NUMERIC affinity).
    .addColumn('bytes', isPostgres(db) ? 'bytea' : 'blob', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('visits')
    .addColumn('id', 'text', (col) => col.primaryKey())
    // A visit outlives the account it named: the row stays, anonymous.
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('visitor', 'text', (col) => col.notNull())
    .addColumn('country_code', 'text')
    .addColumn('country_name', 'text')
    .addColumn('city', 'text')
    .addColumn('postal', 'text')
    // Double precision: SQLite's `real` is already 8 bytes (and takes this name with the same REAL affinity),
    // PostgreSQL's `real` would be 4 bytes, too coarse for coordinates.
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('ipv4', 'text')
    .addColumn('state', 'text')
    .addColumn('visit_date', 'text', (col) => col.notNull())
    .addColumn('visit_time', 'text', (col) => col.notNull())
    .addColumn('received_at', 'text', (col) => col.notNull())
    .addColumn('client_address', 'text', (col) => col.notNull())
    .execute();

  // ON DELETE SET NULL looks visits up by user; so would "this customer's visits".
  await db.schema.createIndex('visits_user_id').on('visits').column('user_id').execute();
  await db.schema.createIndex('visits_received_at').on('visits').column('received_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('visits').execute();
  await db.schema.dropTable('avatars').execute();
}
