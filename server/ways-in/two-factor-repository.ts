/**
 * The authenticator app's rows: the secret (encrypted), the last step accepted, the recovery codes (hashed),
 * `users.totp_enabled_at`, which alone says whether sign-in asks for a code, and the generated key that
 * encrypts the secrets (`server_secrets`, server/ways-in/two-factor-key.ts).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The stored secret row, or undefined when the account never started a set-up (or turned it off). */
export function findTotpSecret(db: Kysely<Database>, userId: string) {
  return db.selectFrom('totp_secrets').select(['secret', 'last_step']).where('user_id', '=', userId).executeTakeFirst();
}

/** A set-up's secret, replacing an unconfirmed one (the caller has checked that the app is not on). */
export async function savePendingSecret(db: Kysely<Database>, userId: string, sealed: string, now: Date) {
  const fields = { secret: sealed, last_step: null, created_at: now.toISOString() };
  await db
    .insertInto('totp_secrets')
    .values({ user_id: userId, ...fields })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(fields))
    .execute();
}

/**
 * Takes `step` as the last accepted one, only when it is later than the last: false when a code of this step
 * (or a later one) was accepted before, so a replayed code, even in parallel, works once.
 */
export async function takeStep(db: Kysely<Database>, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('totp_secrets')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Turns the app on with the set-up's first code: the pending secret takes the code's step, the account its mark,
 * and the recovery codes are set (`db` is a transaction). False, and nothing written, when the secret the code was
 * checked against is no longer the pending one: replaced by another set-up, or enabled, meanwhile.
 */
export async function enableTwoFactor(
  db: Kysely<Database>,
  userId: string,
  checked: { sealed: string; step: number },
  recoveryCodeHashes: string[],
  now: Date,
): Promise<boolean> {
  const enabled = await db
    .updateTable('totp_secrets')
    .set({ last_step: checked.step })
    .where('user_id', '=', userId)
    .where('secret', '=', checked.sealed)
    .where('last_step', 'is', null)
    .executeTakeFirst();
  if (enabled.numUpdatedRows !== 1n) return false;
  await db
    .updateTable('users')
    .set({ totp_enabled_at: now.toISOString(), updated_at: now.toISOString() })
    .where('id', '=', userId)
    .execute();
  await replaceRecoveryCodes(db, userId, recoveryCodeHashes, now);
  return true;
}

/** Sets the account's recovery codes (by their hashes), the earlier ones gone. */
export async function replaceRecoveryCodes(db: Kysely<Database>, userId: string, hashes: string[], now: Date) {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null, created_at: now.toISOString() })))
    .execute();
}

/** The unused code among `hashes` (one code's hashes under each known key), without using it up. */
export function findUnusedRecoveryCode(db: Kysely<Database>, userId: string, hashes: string[]) {
  return db
    .selectFrom('recovery_codes')
    .select('code_hash')
    .where('user_id', '=', userId)
    .where('code_hash', 'in', hashes)
    .where('used_at', 'is', null)
    .executeTakeFirst();
}

/** Uses up the unused code among `hashes` (one code's hashes under each known key); false when there is none. */
export async function useRecoveryCode(db: Kysely<Database>, userId: string, hashes: string[], now: Date) {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('code_hash', 'in', hashes)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows >= 1n;
}

export async function countRecoveryCodesLeft(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('left'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.left);
}

/** When the account turned the app on, or null when it is off. `db` may be a transaction. */
export async function findTwoFactorEnabledAt(db: Kysely<Database>, userId: string): Promise<string | null> {
  const user = await db
    .selectFrom('users')
    .select('totp_enabled_at')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return user.totp_enabled_at;
}

/** Turns the app off: secret, recovery codes and the account's mark, together (`db` is a transaction). */
export async function removeTwoFactor(db: Kysely<Database>, userId: string, now: Date) {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('totp_secrets').where('user_id', '=', userId).execute();
  await db
    .updateTable('users')
    .set({ totp_enabled_at: null, updated_at: now.toISOString() })
    .where('id', '=', userId)
    .execute();
}

/** The row of `server_secrets` that holds the generated key (hex). */
const TWO_FACTOR_SECRET_NAME = 'two-factor';

/** The generated key's bytes, or undefined when none was stored yet. */
export async function findStoredTwoFactorKey(db: Kysely<Database>): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', TWO_FACTOR_SECRET_NAME)
    .executeTakeFirst();
  return row ? Buffer.from(row.value, 'hex') : undefined;
}

/** Stores a generated key (hex) unless one is stored already: of several instances, the first insert wins. */
export async function storeTwoFactorKeyOnce(db: Kysely<Database>, value: string, now: Date): Promise<void> {
  await db
    .insertInto('server_secrets')
    .values({ name: TWO_FACTOR_SECRET_NAME, value, created_at: now.toISOString() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
}
