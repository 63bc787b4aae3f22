/**
 * One writer at a time per office member's diary. PostgreSQL refuses two overlapping calls of one member with an
 * exclusion constraint (migration 0021), but two such calls written at the same moment each wait on the other's
 * check until its deadlock detector cancels one, a second later, with an error of its own. Taking the member's
 * lock first queues them instead: the second finds the first committed and meets the constraint's plain refusal
 * at once (docs/decisions/0042-customers-book-their-call.md). SQLite has one writer at a time already.
 */
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../db/dialect';
import type { Database } from '../db/schema';

/**
 * The first key of the two-key advisory locks that stand for members' diaries; the second is a hash of the
 * member's id. Two-key locks are a space apart from the one-key lock the rate limits take.
 */
const CALL_DIARY_LOCKS = 42;

/** Waits for, then holds until the transaction ends, the right to write calls in `memberId`'s diary. */
export async function lockCallDiary(trx: Kysely<Database>, memberId: string): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`SELECT pg_advisory_xact_lock(${CALL_DIARY_LOCKS}, hashtext(${memberId}))`.execute(trx);
}
