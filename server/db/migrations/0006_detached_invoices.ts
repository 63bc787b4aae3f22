/**
 * Paid invoices outlive the account they belong to: the law asks a business to keep its sales records for
 * years, so deleting an account detaches its paid invoices (user_id becomes NULL: no name, no e-mail) instead
 * of deleting them. The column loses NOT NULL and its foreign key turns from CASCADE to SET NULL, which SQLite
 * can only do by rebuilding the table; the same steps run unchanged on other databases. Rows are copied in
 * their insertion order, so invoices of the same millisecond keep their order.
 */
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

async function rebuild(db: Kysely<unknown>, userId: 'nullable' | 'required'): Promise<void> {
  await db.schema
    .createTable('invoices_rebuilt')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) =>
      userId === 'nullable'
        ? col.references('users.id').onDelete('set null')
        : col.notNull().references('users.id').onDelete('cascade'),
    )
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
  const columns = sql.raw(
    'id, user_id, amount_pence, title, type, url, paid, paid_at, created_at, provider, provider_ref',
  );
  const keep = userId === 'required' ? sql`WHERE user_id IS NOT NULL` : sql``;
  // Dialect branch, unavoidable: `rowid` is SQLite's hidden insertion counter, which the app's newest-first
  // lists use to order invoices of the same millisecond, so SQLite must copy rows in that order. PostgreSQL has
  // no rowid and no meaningful row order (a PostgreSQL database runs this step on a fresh, empty table anyway).
  const order = isPostgres(db) ? sql`` : sql`ORDER BY rowid`;
  await sql`INSERT INTO invoices_rebuilt (${columns}) SELECT ${columns} FROM invoices ${keep} ${order}`.execute(db);
  await db.schema.dropTable('invoices').execute();
  await db.schema.alterTable('invoices_rebuilt').renameTo('invoices').execute();
  await db.schema.createIndex('invoices_user_created').on('invoices').columns(['user_id', 'created_at']).execute();
  // The retention clean-up finds detached invoices by their payment date.
  await db.schema.createIndex('invoices_paid_at').on('invoices').column('paid_at').execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, 'nullable');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('invoices_paid_at').execute();
  await rebuild(db, 'required');
}
