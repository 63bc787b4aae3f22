/**
 * Codes bound to tickets (docs/decisions/0022-tickets-for-codes.md). Each request of a code gets its own
 * six-digit code, e-mailed to the account, and an opaque ticket, answered to the requester only. A code
 * works only with its ticket, once, for CODE_TTL_MINUTES and at most CODE_MAX_ATTEMPTS tries of that
 * ticket: a stranger guessing uses up a ticket of their own, never the one the owner holds, and a stranger's
 * request does not replace the owner's code.
 *
 * Used by the e-mailed step of a sign-in (issued only after the right password) and by password reset.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { type Clock, MINUTE_MS } from '../clock';
import type { Database, TicketPurpose } from '../db/schema';
import { CODE_MAX_ATTEMPTS, CODE_TTL_MINUTES, type CodeOwner, generateCode } from './email-codes';
import { countTicketTry, deleteExpiredTickets, deleteTicket, insertTicket } from './tickets-repository';

/** A ticket and its code, made but not stored yet (an unknown account gets the same work, and nothing stored). */
export interface PreparedTicket {
  ticket: string;
  code: string;
  ticketHash: string;
  codeHash: string;
}

export interface Tickets {
  make(purpose: TicketPurpose): Promise<PreparedTicket>;
  /** Stores a prepared ticket; `db` may be the transaction that also queues its mail. */
  store(owner: CodeOwner, purpose: TicketPurpose, prepared: PreparedTicket, db?: Kysely<Database>): Promise<void>;
  /**
   * Counts one try of the ticket (only while it has fewer than `maxAttempts`) and answers the account it
   * belongs to when `code` is its live code; null otherwise. Does not use the ticket up: `consume` does.
   */
  check(ticket: string, purpose: TicketPurpose, code: string, maxAttempts?: number): Promise<CodeOwner | null>;
  /** Uses the ticket up; false when another request got there first. `db` may be a transaction. */
  consume(db: Kysely<Database>, ticket: string, purpose: TicketPurpose): Promise<boolean>;
}

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

export function createTickets(deps: { db: Kysely<Database>; clock: Clock; key: () => Promise<Buffer> }): Tickets {
  const { db, clock } = deps;
  const hashCode = async (purpose: TicketPurpose, ticketHash: string, code: string) =>
    createHmac('sha256', await deps.key())
      .update(`${purpose}\n${ticketHash}\n${code}`)
      .digest('hex');

  return {
    async make(purpose) {
      // 256 bits: a ticket cannot be guessed, so only its holder can try codes with it.
      const ticket = randomBytes(32).toString('base64url');
      const code = generateCode();
      const ticketHash = hashTicket(ticket);
      return { ticket, code, ticketHash, codeHash: await hashCode(purpose, ticketHash, code) };
    },

    async store(owner, purpose, prepared, into = db) {
      const now = clock.now();
      await insertTicket(into, {
        ticket_hash: prepared.ticketHash,
        user_id: owner.id,
        purpose,
        email: owner.email,
        code_hash: prepared.codeHash,
        attempts: 0,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + CODE_TTL_MINUTES * MINUTE_MS).toISOString(),
      });
    },

    async check(ticket, purpose, code, maxAttempts = CODE_MAX_ATTEMPTS) {
      const ticketHash = hashTicket(ticket);
      // The try is counted in the statement that reads the ticket: parallel guesses cannot share one.
      const row = await countTicketTry(db, ticketHash, purpose, maxAttempts);
      if (!row) return null;
      const expected = Buffer.from(row.code_hash, 'hex');
      const given = Buffer.from(await hashCode(purpose, ticketHash, code), 'hex');
      const matches = expected.length === given.length && timingSafeEqual(expected, given);
      const live = clock.now().getTime() < Date.parse(row.expires_at);
      return matches && live ? { id: row.user_id, email: row.email } : null;
    },

    consume: (trx, ticket, purpose) => deleteTicket(trx, hashTicket(ticket), purpose),
  };
}

/** Removes tickets whose time has passed (the periodic clean-up); answers how many. */
export function purgeExpiredTickets(db: Kysely<Database>, clock: Clock): Promise<number> {
  return deleteExpiredTickets(db, clock.now());
}
