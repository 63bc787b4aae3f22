/**
 * Ten one-time recovery codes, for the day the phone is lost: shown once, kept only as keyed hashes
 * (server/ways-in/totp-key.ts). Eight characters from an alphabet without look-alikes (no 0/o, 1/l/i), in two
 * groups of four: 40 bits each, typed case-insensitively, with or without the hyphen.
 */
import { randomInt } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `xxxx-xxxx`, lower case. */
export function newRecoveryCode(): string {
  const chars = Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
}

/** What is hashed: lower case, without the hyphen and spaces, so `ABCD EFGH` and `abcd-efgh` are one code. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

/** Bound to the account: the same code of two accounts hashes apart. */
export function recoveryCodeText(userId: string, code: string): string {
  return `${userId}\n${normalizeRecoveryCode(code)}`;
}
