/**
 * Sessions: one row per sign-in, found by the hash of its bearer token.
 * A session ends when it is revoked (logout, password change), when it has not been used for
 * SESSION_IDLE_DAYS, or SESSION_ABSOLUTE_DAYS after sign-in, whichever comes first.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { type Clock, DAY_MS, MINUTE_MS } from '../clock';
import type { Config } from '../config';
import { createReadCache } from '../db/read-cache';
import type { Database, SecondFactor, SessionRow, UserWithAvatar } from '../db/schema';
import {
  type SessionWithUserRow,
  deleteEndedSessions,
  insertSession,
  revokeSessionsOf,
  revokeSession,
  sessionByTokenHash,
  touchSession,
} from './sessions-repository';
import { generateToken, hashToken, isWellFormedToken } from './tokens';

/** Writing last_used_at on every request would turn every read into a write; once a minute is plenty. */
const TOUCH_INTERVAL_MS = MINUTE_MS;

/** Sessions whose rows the read cache keeps at most: about 1 KB each. */
const SESSION_ROWS_KEPT = 10_000;

export interface ResolvedSession {
  session: SessionRow;
  user: UserWithAvatar;
}

export interface Sessions {
  /**
   * Starts a session for the user and returns its token (the only time the token exists in clear);
   * `secondFactor` records the factor the sign-in used, which the staff policy asks
   * (docs/decisions/0030-staff-policy-asks-the-session.md).
   */
  create(
    userId: string,
    db?: Kysely<Database>,
    secondFactor?: SecondFactor | null,
  ): Promise<{ token: string; sessionId: string }>;
  /** The live session and its user for a token, or null when the token is unknown or the session ended. */
  resolve(token: string): Promise<ResolvedSession | null>;
  revoke(sessionId: string): Promise<void>;
  /**
   * Ends every live session of the user but `except` (the one that made a change to the account's ways in, when
   * given); answers how many ended. `db` may be the change's transaction.
   */
  revokeAllForUser(userId: string, options?: { db?: Kysely<Database>; except?: string }): Promise<number>;
  /** Deletes rows that can never be valid again, to keep the table small. */
  purgeEnded(): Promise<number>;
}

type SessionConfig = Pick<Config, 'SESSION_IDLE_DAYS' | 'SESSION_ABSOLUTE_DAYS'>;

/**
 * A session row split into what the routes read, with its two times parsed: made once per row read, shared by
 * every request that names the token until the database changes, so frozen (a route cannot change another's).
 */
interface KnownSession extends ResolvedSession {
  lastUsedMs: number;
  expiresMs: number;
}

function knownSession(row: SessionWithUserRow): KnownSession {
  const session: SessionRow = Object.freeze({
    id: row.session_id,
    user_id: row.id,
    token_hash: row.token_hash,
    created_at: row.session_created_at,
    last_used_at: row.last_used_at,
    expires_at: row.expires_at,
    revoked_at: row.revoked_at,
    second_factor: row.second_factor,
  });
  const user: UserWithAvatar = Object.freeze({
    id: row.id,
    name: row.name,
    email: row.email,
    password_hash: row.password_hash,
    email_verified: row.email_verified,
    last_login: row.last_login,
    created_at: row.created_at,
    updated_at: row.updated_at,
    deletion_scheduled_for: row.deletion_scheduled_for,
    role: row.role,
    totp_enabled_at: row.totp_enabled_at,
    billing_name: row.billing_name,
    billing_address: row.billing_address,
    billing_vat_number: row.billing_vat_number,
    avatar_sha256: row.avatar_sha256,
  });
  return { session, user, lastUsedMs: Date.parse(row.last_used_at), expiresMs: Date.parse(row.expires_at) };
}

export function createSessions(deps: { db: Kysely<Database>; config: SessionConfig; clock: Clock }): Sessions {
  const { config, clock } = deps;
  const idleMs = config.SESSION_IDLE_DAYS * DAY_MS;
  const absoluteMs = config.SESSION_ABSOLUTE_DAYS * DAY_MS;
  // Every signed-in request asks for its session: between two writes to the database the row cannot change,
  // so it is read once per change of the database (decision 0016). Expiry is judged below on every request.
  const known = createReadCache<string, KnownSession>(deps.db, { maxEntries: SESSION_ROWS_KEPT });

  return {
    // `db` may be a transaction, so that a session is created together with the writes it belongs to.
    async create(userId, db = deps.db, secondFactor = null) {
      const now = clock.now();
      const token = generateToken();
      const sessionId = randomUUID();
      await insertSession(db, {
        id: sessionId,
        user_id: userId,
        token_hash: hashToken(token),
        created_at: now.toISOString(),
        last_used_at: now.toISOString(),
        expires_at: new Date(now.getTime() + absoluteMs).toISOString(),
        revoked_at: null,
        second_factor: secondFactor,
      });
      return { token, sessionId };
    },

    async resolve(token) {
      if (!isWellFormedToken(token)) return null;
      const tokenHash = hashToken(token);
      const found = await known.read(tokenHash, async () => {
        const row = (await sessionByTokenHash(deps.db, tokenHash))[0];
        return row && knownSession(row);
      });
      if (!found) return null;

      const now = clock.now().getTime();
      const { user, lastUsedMs } = found;
      if (found.session.revoked_at !== null) return null;
      if (now >= found.expiresMs) return null;
      if (now >= lastUsedMs + idleMs) return null;
      if (now - lastUsedMs < TOUCH_INTERVAL_MS) return { session: found.session, user };

      const session: SessionRow = { ...found.session, last_used_at: new Date(now).toISOString() };
      await touchSession(deps.db, session.id, session.last_used_at);
      return { session, user };
    },

    revoke: (sessionId) => revokeSession(deps.db, sessionId, clock.now()),

    revokeAllForUser: (userId, options = {}) =>
      revokeSessionsOf(options.db ?? deps.db, userId, clock.now(), options.except),

    purgeEnded() {
      const now = clock.now();
      return deleteEndedSessions(deps.db, now, new Date(now.getTime() - idleMs));
    },
  };
}
