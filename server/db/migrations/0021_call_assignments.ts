/**
 * Which office member holds an order's call, and when (docs/decisions/0042-customers-book-their-call.md): the
 * call's minutes since the epoch, from its start to the end of its buffer. The database itself refuses two calls
 * of one member that overlap, so no two instances and no two clicks can book one member twice: PostgreSQL with
 * an exclusion constraint over an integer range, SQLite (one writer at a time) with triggers that check before
 * each write.
 */
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';
import { CALLS_OVERLAP } from '../errors';

/** The constraint's name, and the message SQLite's triggers abort with: the repository knows both. */
const OVERLAP = CALLS_OVERLAP;

const overlapsAnother = sql.raw(`EXISTS (
  SELECT 1 FROM orders other
  WHERE other.call_member_id = NEW.call_member_id AND other.invoice_id <> NEW.invoice_id
    AND other.call_start_minute < NEW.call_until_minute AND NEW.call_start_minute < other.call_until_minute
)`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('call_member_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('orders').addColumn('call_start_minute', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('call_until_minute', 'integer').execute();
  if (isPostgres(db)) {
    await sql`CREATE EXTENSION IF NOT EXISTS btree_gist`.execute(db);
    await sql`ALTER TABLE orders ADD CONSTRAINT ${sql.raw(OVERLAP)} EXCLUDE USING gist (
      call_member_id WITH =, int4range(call_start_minute, call_until_minute) WITH &&
    ) WHERE (call_member_id IS NOT NULL)`.execute(db);
    return;
  }
  for (const event of ['INSERT', 'UPDATE OF call_member_id, call_start_minute, call_until_minute']) {
    const name = `${OVERLAP}_${event.startsWith('INSERT') ? 'insert' : 'update'}`;
    await sql`CREATE TRIGGER ${sql.raw(name)} BEFORE ${sql.raw(event)} ON orders
      WHEN NEW.call_member_id IS NOT NULL AND ${overlapsAnother}
      BEGIN SELECT RAISE(ABORT, ${sql.lit(OVERLAP)}); END`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`ALTER TABLE orders DROP CONSTRAINT ${sql.raw(OVERLAP)}`.execute(db);
  } else {
    await sql`DROP TRIGGER ${sql.raw(`${OVERLAP}_insert`)}`.execute(db);
    await sql`DROP TRIGGER ${sql.raw(`${OVERLAP}_update`)}`.execute(db);
  }
  for (const column of ['call_until_minute', 'call_start_minute', 'call_member_id']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
}
