/**
 * A passkey's row and what it says: an account's credentials, read by the profile's list and by a passkey
 * sign-in. The queries are in server/ways-in/passkeys-repository.ts.
 */
import type { Selectable } from 'kysely';
import type { Passkey } from '#domain/passkeyContract';
import type { PasskeysTable } from '../db/schema';

export type PasskeyRow = Selectable<PasskeysTable>;

/** The profile's view of a passkey: never its key or credential id. */
export function toWirePasskey(row: Pick<PasskeyRow, 'id' | 'name' | 'created_at' | 'last_used_at'>): Passkey {
  return { id: row.id, name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at };
}

/** The stored counter as a number (PostgreSQL returns its bigint as text). */
export function counterOf(row: Pick<PasskeyRow, 'counter'>): number {
  return Number(row.counter);
}

/** The transports the browser reported at registration (a JSON array in the row). */
export function transportsOf(row: Pick<PasskeyRow, 'transports'>): string[] {
  const parsed: unknown = JSON.parse(row.transports);
  return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
}
