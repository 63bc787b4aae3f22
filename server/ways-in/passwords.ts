/**
 * Password hashing: argon2id with the OWASP minimum parameters (19 MiB, 2 passes, 1 lane).
 * The parameters are stored inside each PHC hash string, so raising them later only affects new hashes;
 * (Upgrading old hashes at sign-in can be added when the parameters change.)
 * Every hash and verification goes through a bounded queue (`createPasswords`): a flood of sign-ins waits
 * its turn, or gets 503, instead of taking every thread of libuv's pool from the rest of the server.
 */
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import type { WorkQueue } from '../limits/work-queue';

// `Algorithm` is an ambient const enum, which isolatedModules forbids us to read at run time;
// 2 is its Argon2id member (see @node-rs/argon2's index.d.ts).
const ARGON2ID = 2 as Algorithm.Argon2id;

export const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456, // KiB
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * A real argon2id hash, with our parameters, of a random string nobody knows. When a sign-in names an
 * unknown e-mail (or an account without a password) we verify against this instead, so the answer takes
 * as long as for a real account and timing does not reveal which e-mails are registered.
 */
export const DUMMY_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$20ZUyIPLxjQt5KNd5wUKAg$5ZlBLYkOvTiTnvo4rQy6y2sgbo5snyobtroTGWYj0vA';

function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a malformed stored hash: neither may sign anyone in. */
async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

export interface Passwords {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a malformed stored hash: neither may sign anyone in. */
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Spends the time of one verification and always fails. */
  verifyDummy(password: string): Promise<false>;
}

/** Hashing and verification through `queue` (503 when it is full). */
export function createPasswords(queue: WorkQueue): Passwords {
  return {
    hash: (password) => queue.run(() => hashPassword(password)),
    verify: (passwordHash, password) => queue.run(() => verifyPassword(passwordHash, password)),
    async verifyDummy(password) {
      await queue.run(() => verifyPassword(DUMMY_PASSWORD_HASH, password));
      return false;
    },
  };
}
