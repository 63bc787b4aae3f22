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
