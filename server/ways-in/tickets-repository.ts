/**
 * The `code_tickets` table: the tickets of e-mailed codes (server/ways-in/tickets.ts) and of the authenticator
 * app's sign-in step (server/ways-in/two-factor-step.ts), found by the hash of the ticket.
 */
import type { Insertable, Kysely } from 'kysely';
import type { CodeTicketsTable, Database, TicketPurpose } from '../db/schema';

export async function insertTicket(db: Kysely<Database>, row: Insertable<CodeTicketsTable>): Promise<void> {
  await db.insertInto('code_tickets').values(row).execute();
}

/** The purpose of the ticket with this hash, or undefined when there is none. */
export async function findTicketPurpose(db: Kysely<Database>, ticketHash: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('code_tickets')
    .select('purpose')
    .where('ticket_hash', '=', ticketHash)
    .executeTakeFirst();
  return row?.purpose;
}

/**
 * Counts one try of the ticket, only while it has fewer than `maxAttempts`, and answers its row (attempts
 * counted); undefined when there is no such ticket or its tries are used up. The try is counted in the
 * statement that reads the ticket: parallel guesses cannot share one.
 */
export function countTicketTry(db: Kysely<Database>, ticketHash: string, purpose: TicketPurpose, maxAttempts: number) {
  return db
    .updateTable('code_tickets')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('ticket_hash', '=', ticketHash)
    .where('purpose', '=', purpose)
    .where('attempts', '<', maxAttempts)
    .returning(['user_id', 'email', 'code_hash', 'expires_at', 'attempts'])
    .executeTakeFirst();
}

/** Deletes the ticket; false when another request got there first. `db` may be a transaction. */
export async function deleteTicket(db: Kysely<Database>, ticketHash: string, purpose: TicketPurpose): Promise<boolean> {
  const result = await db
    .deleteFrom('code_tickets')
    .where('ticket_hash', '=', ticketHash)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  return result.numDeletedRows === 1n;
}

/** Deletes the account's tickets of these purposes. */
export async function deleteTicketsOf(db: Kysely<Database>, userId: string, purposes: TicketPurpose[]): Promise<void> {
  await db.deleteFrom('code_tickets').where('user_id', '=', userId).where('purpose', 'in', purposes).execute();
}

/** Deletes the tickets whose time has passed; answers how many. */
export async function deleteExpiredTickets(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom('code_tickets').where('expires_at', '<=', now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
