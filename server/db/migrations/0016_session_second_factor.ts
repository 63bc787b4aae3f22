/**
 * How a session was made (docs/decisions/0030-staff-policy-asks-the-session.md): 'totp' after the
 * authenticator app's step, 'passkey' for a passkey sign-in, null for a password, Google or e-mailed code alone.
 * The staff policy asks the session, not the account, so a stolen staff password never reaches the office.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Null for every session made before: the policy keeps their staff out until they sign in with a second factor.
  await db.schema.alterTable('sessions').addColumn('second_factor', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('second_factor').execute();
}
