/**
 * Account life cycle: e-mailed one-time codes (password reset, e-mail verification), the customer's
 * notifications, and the date a requested account deletion will be carried out.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Null: no deletion requested. ISO time: the account and its data are deleted once it has passed.
  await db.schema.alterTable('users').addColumn('deletion_scheduled_for', 'text').execute();
  await db.schema
    .createIndex('users_deletion_scheduled_for')
    .on('users')
    .column('deletion_scheduled_for')
    .where('deletion_scheduled_for', 'is not', null)
    .execute();

  // One live code per user and purpose: a new request replaces the older code.
  await db.schema
    .createTable('email_codes')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('email_codes_pk', ['user_id', 'purpose'])
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('text_en', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('seen_at', 'text')
    .execute();
  // "My notifications, newest first" reads exactly this index.
  await db.schema
    .createIndex('notifications_user_created')
    .on('notifications')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('email_codes').execute();
  await db.schema.dropIndex('users_deletion_scheduled_for').execute();
  await db.schema.alterTable('users').dropColumn('deletion_scheduled_for').execute();
}
