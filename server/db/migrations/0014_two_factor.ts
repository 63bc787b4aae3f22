/**
 * The authenticator-app second factor (docs/decisions/0028-totp-secrets-encrypted.md): since when an account
 * has it on, its secret (encrypted) with the last time step accepted, and its one-time recovery codes (hashed).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Null: off. Read with the session on every request, so the office's staff policy costs no extra query.
  await db.schema.alterTable('users').addColumn('totp_enabled_at', 'text').execute();

  await db.schema
    .createTable('totp_secrets')
    // One secret per account: a new set-up replaces an unconfirmed one.
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    // AES-256-GCM ciphertext with its key id, nonce and tag: the server must read the secret back to check codes.
    .addColumn('secret', 'text', (col) => col.notNull())
    // RFC 6238 time step (seconds / 30, about 5.9e7 today): far inside PostgreSQL's integer.
    .addColumn('last_step', 'integer')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('recovery_codes_pk', ['user_id', 'code_hash'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.dropTable('totp_secrets').execute();
  await db.schema.alterTable('users').dropColumn('totp_enabled_at').execute();
}
