/**
 * Sign-in identities at outside providers (Google): the provider's stable subject id names one of our users.
 * An account may have several (one per provider), and none when it only signs in with its password.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('identities')
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('identities_pk', ['provider', 'subject'])
    .execute();
  // ON DELETE CASCADE finds a user's identities by user_id.
  await db.schema.createIndex('identities_user_id').on('identities').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('identities').execute();
}
