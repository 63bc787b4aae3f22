/**
 * Once per interval across every instance: a periodic job runs only in the instance that claims its lease
 * row. The claim is one conditional UPDATE ("claimed more than an interval ago"), which both databases apply
 * atomically: of instances claiming at the same moment, exactly one changes the row; on PostgreSQL the others
 * wait for its row lock, re-read the row and match nothing (docs/decisions/0010-shared-state-in-the-database.md).
 */
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** Long before any claim: a job that was never run may be claimed at once. */
const NEVER = new Date(0).toISOString();

/** Names this process in `job_leases.claimed_by`, for an operator reading the table. */
export const THIS_INSTANCE = `${hostname()}:${process.pid}`;

/**
 * True when this instance won the job `name` for the interval starting at `now`; false when another instance
 * (or this one) claimed it less than `intervalMs` ago.
 */
export async function claimLease(
  db: Kysely<Database>,
  lease: { name: string; intervalMs: number; now: Date; holder?: string },
): Promise<boolean> {
  const { name, intervalMs, now, holder = THIS_INSTANCE } = lease;
  await db
    .insertInto('job_leases')
    .values({ name, claimed_at: NEVER, claimed_by: '' })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const result = await db
    .updateTable('job_leases')
    .set({ claimed_at: now.toISOString(), claimed_by: holder })
    .where('name', '=', name)
    .where('claimed_at', '<=', new Date(now.getTime() - intervalMs).toISOString())
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
