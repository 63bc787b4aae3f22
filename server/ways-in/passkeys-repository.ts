/**
 * The `passkeys` table (an account's credentials) and `passkey_challenges` (the challenges used once,
 * server/ways-in/passkey-challenges.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { Database, PasskeyChallengesTable } from '../db/schema';
import { type PasskeyRow, counterOf } from './passkeys';

export function listPasskeys(db: Kysely<Database>, userId: string): Promise<PasskeyRow[]> {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** How many passkeys the account has; `db` may be the transaction that adds one. */
export async function countPasskeys(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findPasskeyByCredential(db: Kysely<Database>, credentialId: string): Promise<PasskeyRow | undefined> {
  return db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
}

export async function insertPasskey(
  db: Kysely<Database>,
  p: {
    userId: string;
    credentialId: string;
    publicKey: Uint8Array;
    counter: number;
    transports: readonly string[];
    name: string;
    now: Date;
  },
): Promise<PasskeyRow> {
  const row = {
    id: randomUUID(),
    user_id: p.userId,
    credential_id: p.credentialId,
    public_key: p.publicKey,
    counter: p.counter,
    transports: JSON.stringify(p.transports),
    name: p.name,
    created_at: p.now.toISOString(),
    last_used_at: null,
  };
  await db.insertInto('passkeys').values(row).execute();
  return row satisfies PasskeyRow;
}

/**
 * Records a sign-in with the passkey: its new counter and the time. Conditional on the counter read before
 * the check, so that of two answers racing with the same counter (a cloned authenticator) only one counts.
 */
export async function recordPasskeyUse(
  db: Kysely<Database>,
  row: PasskeyRow,
  newCounter: number,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ counter: newCounter, last_used_at: now.toISOString() })
    .where('id', '=', row.id)
    .where('counter', '=', counterOf(row))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Removes one of the account's passkeys; the removed row, or undefined when the account has no such passkey. */
export async function deletePasskey(db: Kysely<Database>, userId: string, id: string): Promise<PasskeyRow | undefined> {
  const row = await db
    .selectFrom('passkeys')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const result = await db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return result.numDeletedRows === 1n ? row : undefined;
}

/** Renames one of the account's passkeys; the renamed row, or undefined when the account has no such passkey. */
export async function renamePasskey(
  db: Kysely<Database>,
  userId: string,
  id: string,
  name: string,
): Promise<PasskeyRow | undefined> {
  const result = await db
    .updateTable('passkeys')
    .set({ name })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (result.numUpdatedRows !== 1n) return undefined;
  return db.selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The names of the account's passkeys, oldest first. `db` may be a transaction. */
export async function listPasskeyNames(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('passkeys')
    .select('name')
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.name);
}

/** Whether the account has any passkey. */
export async function hasPasskey(db: Kysely<Database>, userId: string): Promise<boolean> {
  const passkey = await db.selectFrom('passkeys').select('id').where('user_id', '=', userId).executeTakeFirst();
  return passkey !== undefined;
}

/** Removes every passkey of the account. `db` may be a transaction. */
export async function deletePasskeysOf(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('passkeys').where('user_id', '=', userId).execute();
}

// ---- the challenges used once ----

/** Deletes the used challenges that expired before `now` (an indexed range). */
export async function deleteExpiredChallenges(db: Kysely<Database>, now: Date): Promise<void> {
  await db.deleteFrom('passkey_challenges').where('expires_at', '<', now.toISOString()).execute();
}

/** Records a challenge's use; false when it was used before (its primary key lets exactly one insert through). */
export async function recordChallengeUse(
  db: Kysely<Database>,
  row: Insertable<PasskeyChallengesTable>,
): Promise<boolean> {
  const result = await db
    .insertInto('passkey_challenges')
    .values(row)
    .onConflict((conflict) => conflict.column('challenge').doNothing())
    .executeTakeFirst();
  return result.numInsertedOrUpdatedRows === 1n;
}
