/**
 * How one environment variable is read and checked (server/config.ts reads them all): unset and blank mean the
 * default; a value present but malformed throws a ConfigError that names the variable.
 */
import { EMAIL_PATTERN } from '#domain/contract';

export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Treat unset and blank the same: `PORT= npm start` should mean "default", not "invalid". */
export function raw(env: Env, key: string): string | undefined {
  const value = env[key]?.trim();
  return value ? value : undefined;
}

export function integer(env: Env, key: string, fallback: number, min: number, max: number): number {
  const value = raw(env, key);
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
    throw new ConfigError(`${key} must be a whole number from ${min} to ${max}, got "${value}".`);
  }
  return parsed;
}

export function positive(env: Env, key: string, fallback: number): number {
  const value = raw(env, key);
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) {
    throw new ConfigError(`${key} must be a number greater than 0, got "${value}".`);
  }
  return parsed;
}

export function flag(env: Env, key: string): boolean {
  const value = raw(env, key)?.toLowerCase();
  if (value === undefined || value === '0' || value === 'false' || value === 'no') return false;
  if (value === '1' || value === 'true' || value === 'yes') return true;
  throw new ConfigError(`${key} must be 1 or 0, got "${value}".`);
}

export function url(env: Env, key: string, fallback: string): string {
  const value = raw(env, key) ?? fallback;
  try {
    const parsed = new URL(value);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('not http(s)');
  } catch {
    throw new ConfigError(`${key} must be an http(s) URL, got "${value}".`);
  }
  // No trailing slash, so callers can append paths without doubling it.
  return value.replace(/\/+$/, '');
}

export function optionalUrl(env: Env, key: string): string | undefined {
  return raw(env, key) === undefined ? undefined : url(env, key, '');
}

export function smtpUrl(env: Env, key: string): string | undefined {
  const value = raw(env, key);
  if (value === undefined) return undefined;
  let protocol = '';
  try {
    protocol = new URL(value).protocol;
  } catch {
    // reported below
  }
  // Not echoed back: the URL may carry the SMTP password.
  if (protocol !== 'smtp:' && protocol !== 'smtps:') {
    throw new ConfigError(`${key} must be an smtp:// or smtps:// URL.`);
  }
  return value;
}

/**
 * Unset: undefined (SQLite). Set: a postgres:// or postgresql:// URL naming a host and a database. Never echoed
 * back in the error: the URL may carry the database password.
 */
export function databaseUrl(env: Env, key: string): string | undefined {
  const value = raw(env, key);
  if (value === undefined) return undefined;
  let parsed: URL | undefined;
  try {
    parsed = new URL(value);
  } catch {
    // reported below
  }
  if (!parsed || (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:')) {
    throw new ConfigError(
      `${key} must be a postgres:// or postgresql:// URL (postgres://user:password@host:5432/database); ` +
        'leave it unset to keep the data in SQLite in DATA_DIR.',
    );
  }
  // pg also reads a socket folder from ?host=, so only the database name is required here.
  if (['', '/'].includes(parsed.pathname)) {
    throw new ConfigError(`${key} must name the database after the host (postgres://host:5432/database).`);
  }
  return value;
}

/** Unset: the default; set but blank: switched off (null); else an http(s) URL, kept exactly as given. */
export function switchableUrl(env: Env, key: string, fallback: string): string | null {
  if (env[key] === undefined) return fallback;
  const value = env[key].trim();
  if (value === '') return null;
  let protocol = '';
  try {
    protocol = new URL(value).protocol;
  } catch {
    // reported below
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new ConfigError(`${key} must be an http(s) URL or empty, got "${value}".`);
  }
  return value;
}

export function email(env: Env, key: string, fallback: string): string {
  const value = raw(env, key) ?? fallback;
  if (!EMAIL_PATTERN.test(value)) throw new ConfigError(`${key} must be an e-mail address, got "${value}".`);
  return value;
}

/** Comma-separated address lines, each trimmed, blanks dropped. */
export function addressLines(env: Env, key: string, fallback: string): string[] {
  return (raw(env, key) ?? fallback)
    .split(',')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

export function percent(env: Env, key: string, fallback: number): number {
  const value = raw(env, key);
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || parsed > 100) {
    throw new ConfigError(`${key} must be a percentage from 0 to 100 (e.g. 20 or 17.5), got "${value}".`);
  }
  return parsed;
}

export function invoicePrefix(env: Env, key: string, fallback: string): string {
  const value = raw(env, key) ?? fallback;
  // Part of a file name and of the document's title: letters, digits and hyphens only.
  if (!/^[A-Za-z0-9-]{1,12}$/.test(value)) {
    throw new ConfigError(`${key} must be 1 to 12 letters, digits or hyphens (e.g. NG-), got "${value}".`);
  }
  return value;
}

export function oneOf<T extends string>(env: Env, key: string, allowed: readonly T[]): T | undefined {
  const value = raw(env, key)?.toLowerCase();
  if (value === undefined) return undefined;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new ConfigError(`${key} must be one of ${allowed.join(', ')}, got "${value}".`);
}

/** True when the URL's host is this machine: localhost, 127.0.0.0/8 or [::1]. */
export function isLoopbackUrl(value: string): boolean {
  return isLoopbackHost(new URL(value).hostname);
}

/** True when a host name or listening address is this machine only: localhost, 127.0.0.0/8 or ::1. */
export function isLoopbackHost(value: string): boolean {
  const host = value.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '::1';
}

/** Every interface: a browser cannot be sent there, so such a server's own address is localhost. */
const ANY_ADDRESS = new Set(['0.0.0.0', '::', '[::]']);

export function defaultHost(publicUrl: string): string {
  if (!isLoopbackUrl(publicUrl)) return '0.0.0.0';
  return new URL(publicUrl).hostname === '[::1]' ? '::1' : '127.0.0.1';
}

/** The address a server listening on HOST:PORT is reached at from this machine, for PUBLIC_URL's default. */
export function listeningUrl(host: string | undefined, port: number): string {
  if (host === undefined || ANY_ADDRESS.has(host)) return `http://localhost:${port}`;
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
}

/**
 * TWO_FACTOR_KEY's 32 bytes (AES-256): 64 hex digits, or base64 / base64url of 32 bytes; null for anything else.
 */
export function parseTwoFactorKey(value: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  // 43 base64 digits (and the padding they need) are 258 bits: 32 bytes, the last two bits unused. Node's base64
  // decoder reads the base64url digits (- and _) too.
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) return null;
  return Buffer.from(value, 'base64');
}

export function twoFactorKey(env: Env, key: string): string | undefined {
  const value = raw(env, key);
  // Not echoed back: it is a secret.
  if (value !== undefined && parseTwoFactorKey(value) === null) {
    throw new ConfigError(`${key} must be 32 random bytes as 64 hex digits or base64 (openssl rand -hex 32).`);
  }
  return value;
}
