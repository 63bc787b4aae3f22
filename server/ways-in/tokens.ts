/**
 * Bearer tokens: opaque, 256 bits from the OS's CSPRNG, base64url so they travel in a header untouched.
 * The server keeps only their sha256: with 256 random bits a fast hash is enough (nothing to brute-force),
 * and a copy of the database cannot be replayed as live sessions.
 */
import { hash, randomBytes } from 'node:crypto';

const TOKEN_BYTES = 32;
/** 32 bytes in unpadded base64url are exactly 43 characters from this alphabet. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function generateToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** Cheap shape check, so junk in an Authorization header never reaches the database. */
export function isWellFormedToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

/** Every signed-in request hashes its token: the one-shot `hash` makes no Hash object (a third of the time). */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
