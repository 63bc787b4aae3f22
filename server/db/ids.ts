/**
 * Ids of rows that are listed in creation order (invoices, notifications). UUIDv7: the first 48 bits are the
 * millisecond, and the library keeps a counter so that ids made by one process in the same millisecond still
 * sort in the order they were made. "Newest first" is then `created_at DESC, id DESC` on both databases,
 * without SQLite's rowid, which PostgreSQL does not have (docs/decisions/0009-time-ordered-ids.md).
 *
 * The millisecond is the system clock's, not the app's injected Clock: tests that freeze the app's clock
 * still get ids in insertion order.
 */
import { v7 } from 'uuid';

export function newOrderedId(): string {
  return v7();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `value` can be one of our row ids (every id the app makes is a UUID). A lookup by an id from a URL
 * asks this first, so that junk is "not found" on both databases alike: PostgreSQL refuses some text outright
 * (a NUL character), where SQLite would simply find nothing.
 */
export function isWellFormedId(value: string): boolean {
  return UUID.test(value);
}
