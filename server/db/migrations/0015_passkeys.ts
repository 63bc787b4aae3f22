/**
 * Passkeys (docs/decisions/0029-passkeys.md): the public keys of the customers' WebAuthn credentials, and the
 * challenges already answered. What a ceremony shares between instances lives in the database, not in an
 * instance's memory, so that options made by one instance can be answered to another
 * (docs/decisions/0010-shared-state-in-the-database.md).
 */
import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('passkeys')
    // Our own id, the one the API names; the credential's id is the authenticator's.
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // base64url, as the browser reports it; one credential belongs to one account.
    .addColumn('credential_id', 'text', (col) => col.notNull().unique())
    // Dialect branch, unavoidable (as in migration 0004): raw bytes are `blob` in SQLite, `bytea` in PostgreSQL.
    .addColumn('public_key', isPostgres(db) ? 'bytea' : 'blob', (col) => col.notNull())
    // An authenticator's signature counter is an unsigned 32-bit number: past PostgreSQL's `integer`.
    .addColumn('counter', 'bigint', (col) => col.notNull().defaultTo(0))
    // The transports the browser reported ('internal', 'hybrid', 'usb', ...), as a JSON array.
    .addColumn('transports', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  // The profile lists an account's passkeys, oldest first.
  await db.schema.createIndex('passkeys_user_id').on('passkeys').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('passkey_challenges')
    // A challenge is signed, not stored, when its options are made (server/ways-in/passkey-challenges.ts): a row is
    // written only when an answer uses it, and its primary key refuses a second use.
    .addColumn('challenge', 'text', (col) => col.primaryKey())
    // 'registration' (a signed-in account adds a passkey) or 'authentication' (a sign-in).
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text', (col) => col.notNull())
    // When the challenge would have expired anyway: after that the row proves nothing and is removed.
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('passkey_challenges_expires_at').on('passkey_challenges').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('passkey_challenges').execute();
  await db.schema.dropTable('passkeys').execute();
}
