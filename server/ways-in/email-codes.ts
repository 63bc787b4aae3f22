/**
 * One-time codes sent by e-mail (password reset, e-mail verification): six digits from the CSPRNG, kept only
 * as an HMAC keyed with a server secret (six digits are too few for a plain hash to hide them), bound to the
 * user, the purpose and the address they were sent to. A code works once, for CODE_TTL_MINUTES, and only
 * for CODE_MAX_ATTEMPTS tries: every try counts, so after that many wrong ones even the right code fails.
 * A new code for the same user and purpose replaces the older one.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { type Clock, MINUTE_MS } from '../clock';
import type { CodePurpose, Database } from '../db/schema';
import { countCodeTry, deleteCode, upsertCode } from './email-codes-repository';

export const CODE_TTL_MINUTES = 15;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_INVALID_TEXT = 'This code is not valid or has expired.';

export interface CodeOwner {
  id: string;
  email: string;
}

export interface Codes {
  /** A fresh code's HMAC, without storing anything: the work an unknown e-mail also gets. */
  make(userId: string, purpose: CodePurpose): Promise<{ code: string; codeHash: string }>;
  /**
   * Stores a prepared code for the user (replacing any older one) and returns nothing secret. `db` may be a
   * transaction, so that the code exists only if what it goes with commits (server/account/email-change.ts).
   */
  store(owner: CodeOwner, purpose: CodePurpose, codeHash: string, db?: Kysely<Database>): Promise<void>;
  /**
   * Counts one try and answers whether `code` is the user's live code for this purpose and address.
   * Does not use the code up: `consume` does, inside the transaction that acts on it.
   */
  check(owner: CodeOwner, purpose: CodePurpose, code: string): Promise<boolean>;
  /** Uses the code up; false when another request got there first. `db` may be a transaction. */
  consume(db: Kysely<Database>, owner: CodeOwner, purpose: CodePurpose, code: string): Promise<boolean>;
}

export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function createCodes(deps: { db: Kysely<Database>; clock: Clock; key: () => Promise<Buffer> }): Codes {
  const { db, clock } = deps;
  const hash = async (userId: string, purpose: CodePurpose, code: string) =>
    createHmac('sha256', await deps.key())
      .update(`${purpose}\n${userId}\n${code}`)
      .digest('hex');

  return {
    async make(userId, purpose) {
      const code = generateCode();
      return { code, codeHash: await hash(userId, purpose, code) };
    },

    async store(owner, purpose, codeHash, into = db) {
      const now = clock.now();
      const fields = {
        email: owner.email,
        code_hash: codeHash,
        attempts: 0,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + CODE_TTL_MINUTES * MINUTE_MS).toISOString(),
      };
      await upsertCode(into, owner.id, purpose, fields);
    },

    async check(owner, purpose, code) {
      // The try is counted in the same statement that reads the code, so parallel guesses cannot
      // share one attempt between them.
      const row = await countCodeTry(db, owner.id, purpose, CODE_MAX_ATTEMPTS);
      if (!row) return false;
      const expected = Buffer.from(row.code_hash, 'hex');
      const given = Buffer.from(await hash(owner.id, purpose, code), 'hex');
      const matches = expected.length === given.length && timingSafeEqual(expected, given);
      return matches && row.email === owner.email && clock.now().getTime() < Date.parse(row.expires_at);
    },

    async consume(trx, owner, purpose, code) {
      // Bound to the address as `check` is: a code for another address (a newer e-mail change) is not this one.
      return deleteCode(trx, owner, purpose, await hash(owner.id, purpose, code));
    },
  };
}
