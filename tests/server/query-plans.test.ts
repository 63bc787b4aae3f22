/**
 * The requests every signed-in page makes read their rows through an index, in the order they are listed:
 * SQLite's plan for the queries the app really runs (captured through Kysely's log) has no full scan and
 * no sort (docs/performance.md).
 */
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '#server/db/migrate';
import type { Database } from '#server/db/schema';
import { listInvoicesForUser } from '#server/invoices/repository';

const sqlite = new SQLite(':memory:');
const queries: string[] = [];
const db = new Kysely<Database>({
  dialect: new SqliteDialect({ database: sqlite }),
  log: (event) => void queries.push(event.query.sql),
});
await migrate(db);
afterAll(() => db.destroy());

function planOf(sql: string, parameters: unknown[]): string[] {
  return sqlite
    .prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .all(...parameters)
    .map((row) => (row as { detail: string }).detail);
}

describe('query plans on SQLite', () => {
  it("lists a customer's invoices from the index, newest first, without sorting them", async () => {
    queries.length = 0;
    await listInvoicesForUser(db, 'someone');
    expect(queries).toHaveLength(1);
    const plan = planOf(queries[0]!, ['someone']);
    expect(plan.join('\n')).toMatch(/SEARCH invoices USING INDEX invoices_user_created_id \(user_id=\?\)/);
    expect(plan.join('\n')).not.toMatch(/TEMP B-TREE|SCAN invoices/);
  });
});
