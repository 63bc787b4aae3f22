/**
 * The authenticator app's rules: its codes and its recovery codes.
 *
 * The app's codes are RFC 6238 (TOTP) codes, as every authenticator app makes them by default: HMAC-SHA-1, six
 * digits, a 30-second step. A code is accepted for its own step and one step either side (a phone's clock a
 * little off, a code typed as it changed); the caller then keeps the step, so a code works once and no older
 * one after it.
 */
import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { company } from '#domain/company';

const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
/** Steps of drift accepted either side of the current one. */
const TOTP_WINDOW = 1;
/** 160 bits, the size RFC 4226 recommends for HMAC-SHA-1. */
const SECRET_BYTES = 20;

const options = { algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS } as const;

/** A fresh secret, as the base32 text an authenticator app takes. */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The otpauth:// URL the set-up's QR code carries: the company as issuer, the account's e-mail as label. */
export function otpauthUrl(secret: string, email: string): string {
  return new TOTP({ ...options, issuer: company.name, label: email, secret: Secret.fromBase32(secret) }).toString();
}

/** The step a time falls in (seconds since the epoch / 30). */
export function stepAt(now: Date): number {
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: now.getTime() });
}

/** The code of one step (tests, and nothing else, need to make codes). */
export function codeOfStep(secret: string, step: number): string {
  return TOTP.generate({ ...options, secret: Secret.fromBase32(secret), timestamp: step * TOTP_PERIOD_SECONDS * 1000 });
}

/**
 * The step whose code `code` is, within the window around `now` and later than `after` (the last step accepted:
 * each code works once); null when it is none of them.
 */
export function matchingStep(secret: string, code: string, now: Date, after = 0): number | null {
  const delta = TOTP.validate({
    ...options,
    token: code,
    secret: Secret.fromBase32(secret),
    timestamp: now.getTime(),
    window: TOTP_WINDOW,
  });
  if (delta === null) return null;
  const step = stepAt(now) + delta;
  return step > after ? step : null;
}

// ---- recovery codes ----
//
// Ten one-time recovery codes, for the day the phone is lost: shown once, kept only as keyed hashes
// (server/ways-in/two-factor-key.ts). Eight characters from an alphabet without look-alikes (no 0/o, 1/l/i), in
// two groups of four: 40 bits each, typed case-insensitively, with or without the hyphen.

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `xxxx-xxxx`, lower case. */
function newRecoveryCode(): string {
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
