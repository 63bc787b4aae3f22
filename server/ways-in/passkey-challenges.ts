/**
 * The challenges of passkey ceremonies (docs/decisions/0029-passkeys.md). Making options writes nothing: the
 * challenge is random bytes, its expiry and an HMAC over them, its purpose and the account, keyed from the
 * server's signing secret, so any instance can check one another made. Using one writes a row whose primary
 * key refuses a second use, on every instance sharing the database; the row goes once the challenge would
 * have expired anyway.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { type Clock, MINUTE_MS } from '../clock';
import type { Database, PasskeyChallengePurpose } from '../db/schema';
import type { ServerSecret } from '../secrets';
import { deleteExpiredChallenges, recordChallengeUse } from './passkeys-repository';

/** How long a ceremony's options are good for: the browser's prompt is given the same time. */
export const CHALLENGE_TTL_MS = 5 * MINUTE_MS;

const RANDOM_BYTES = 16;
const EXPIRY_BYTES = 8;
const MAC_BYTES = 32;
const CHALLENGE_BYTES = RANDOM_BYTES + EXPIRY_BYTES + MAC_BYTES;

export interface PasskeyChallenges {
  /** A fresh challenge (base64url) for `purpose`; `userId` binds a registration's to its account. */
  make(purpose: PasskeyChallengePurpose, userId: string | null): Promise<string>;
  /**
   * True once for a challenge this server made for `purpose` (and `userId`), before its expiry; false when it
   * is forged, for another purpose or account, expired, or used before.
   */
  use(challenge: string, purpose: PasskeyChallengePurpose, userId: string | null): Promise<boolean>;
}

export function createPasskeyChallenges(deps: {
  db: Kysely<Database>;
  clock: Clock;
  secret: ServerSecret;
}): PasskeyChallenges {
  const { db, clock } = deps;
  let key: Promise<Buffer> | undefined;
  // A key of its own, derived from the signing secret: a challenge's MAC can never pass for another use's.
  const macKey = () => (key ??= deps.secret.get().then((value) => hmac(value, 'passkey-challenges')));

  async function mac(head: Buffer, purpose: PasskeyChallengePurpose, userId: string | null): Promise<Buffer> {
    return createHmac('sha256', await macKey())
      .update(head)
      .update(`\0${purpose}\0${userId ?? ''}`)
      .digest();
  }

  return {
    async make(purpose, userId) {
      const head = Buffer.alloc(RANDOM_BYTES + EXPIRY_BYTES);
      randomBytes(RANDOM_BYTES).copy(head);
      head.writeBigUInt64BE(BigInt(clock.now().getTime() + CHALLENGE_TTL_MS), RANDOM_BYTES);
      return Buffer.concat([head, await mac(head, purpose, userId)]).toString('base64url');
    },

    async use(challenge, purpose, userId) {
      const bytes = Buffer.from(challenge, 'base64url');
      if (bytes.length !== CHALLENGE_BYTES || bytes.toString('base64url') !== challenge) return false;
      const head = bytes.subarray(0, RANDOM_BYTES + EXPIRY_BYTES);
      if (!timingSafeEqual(bytes.subarray(head.length), await mac(head, purpose, userId))) return false;
      const now = clock.now();
      const expiresAt = Number(head.readBigUInt64BE(RANDOM_BYTES));
      if (now.getTime() >= expiresAt) return false;
      // Used challenges past their expiry are worth nothing: each use clears them (an indexed range).
      await deleteExpiredChallenges(db, now);
      // Two answers racing with one challenge: the key lets exactly one insert through.
      const expires_at = new Date(expiresAt).toISOString();
      return recordChallengeUse(db, { challenge, purpose, used_at: now.toISOString(), expires_at });
    },
  };
}

function hmac(secret: string, label: string): Buffer {
  return createHmac('sha256', secret).update(label).digest();
}
