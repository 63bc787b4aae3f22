/**
 * The `email_codes` table: the live e-mailed code of an account for each purpose (server/ways-in/email-codes.ts),
 * and the address it was sent to.
 */
import type { Kysely } from 'kysely';
import type { CodePurpose, Database, EmailCodesTable } from '../db/schema';

type CodeFields = Omit<EmailCodesTable, 'user_id' | 'purpose'>;

/** Stores the account's code for `purpose`, replacing any older one. `db` may be a transaction. */
export async function upsertCode(
  db: Kysely<Database>,
  userId: string,
  purpose: CodePurpose,
  fields: CodeFields,
): Promise<void> {
  await db
    .insertInto('email_codes')
    .values({ user_id: userId, purpose, ...fields })
    .onConflict((conflict) => conflict.columns(['user_id', 'purpose']).doUpdateSet(fields))
    .execute();
}

/**
 * Counts one try of the account's code for `purpose`, only while it has fewer than `maxAttempts`, and answers
 * the code's row; undefined when there is none or its tries are used up. The try is counted in the same
 * statement that reads the code, so parallel guesses cannot share one attempt between them.
 */
export function countCodeTry(db: Kysely<Database>, userId: string, purpose: CodePurpose, maxAttempts: number) {
  return db
    .updateTable('email_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('attempts', '<', maxAttempts)
    .returning(['code_hash', 'email', 'expires_at'])
    .executeTakeFirst();
}

/** Deletes the code with this hash, sent to `owner.email`; false when another request got there first. */
export async function deleteCode(
  db: Kysely<Database>,
  owner: { id: string; email: string },
  purpose: CodePurpose,
  codeHash: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('email_codes')
    .where('user_id', '=', owner.id)
    .where('purpose', '=', purpose)
    .where('email', '=', owner.email)
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
  return result.numDeletedRows === 1n;
}

/** The address the account's live code for `purpose` was sent to, or undefined when none is live at `now`. */
export async function findLiveCodeAddress(
  db: Kysely<Database>,
  userId: string,
  purpose: CodePurpose,
  now: Date,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('email_codes')
    .select('email')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row?.email;
}
