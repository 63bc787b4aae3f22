/** The `passkeys` table: an account's credentials, read by the profile's list and by a passkey sign-in. */
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Passkey } from '#domain/passkeyContract';
import type { Database, PasskeysTable } from '../db/schema';

export type PasskeyRow = Selectable<PasskeysTable>;

/** The profile's view of a passkey: never its key or credential id. */
export function toWirePasskey(row: Pick<PasskeyRow, 'id' | 'name' | 'created_at' | 'last_used_at'>): Passkey {
  return { id: row.id, name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at };
}

/** The stored counter as a number (PostgreSQL returns its bigint as text). */
export function counterOf(row: Pick<PasskeyRow, 'counter'>): number {
  return Number(row.counter);
}

/** The transports the browser reported at registration (a JSON array in the row). */
export function transportsOf(row: Pick<PasskeyRow, 'transports'>): string[] {
  const parsed: unknown = JSON.parse(row.transports);
  return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
}

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
