/**
 * The schema the migrations leave, as text, read from each database's own catalogue: tables with their columns
 * (type, NOT NULL, default), constraints, indexes and triggers. Compared with docs/schema/, so a migration that
 * changes a column, drops a constraint or loses an index shows in review, on both databases
 * (docs/testing.md#the-database-schema).
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '#server/db/schema';

const OWN = (name: string) => !name.startsWith('kysely_') && !name.startsWith('sqlite_');
const header = (database: string, test: string) =>
  `-- The schema the migrations (server/db/migrations/) leave on ${database}, read from its catalogue.\n` +
  `-- Written by \`npx vitest run -u ${test}\`; a test fails while it differs. Do not edit by hand.\n\n`;

/** SQLite keeps each table's, index's and trigger's CREATE statement as written (ALTERs included). */
export async function sqliteSchema(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ name: string; sql: string }>`
    SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY tbl_name, type DESC, name`.execute(db);
  return `${header('SQLite', 'tests/server/schema.test.ts')}${rows
    .filter((row) => OWN(row.name))
    .map((row) => `${row.sql};`)
    .join('\n\n')}\n`;
}

/** PostgreSQL: the same facts from its catalogue, one table after another, in a form close to its DDL. */
export async function postgresSchema(db: Kysely<Database>): Promise<string> {
  const columns = await sql<{ table: string; line: string }>`
    SELECT table_name AS table,
           column_name || ' ' || data_type
             || CASE WHEN is_nullable = 'NO' THEN ' NOT NULL' ELSE '' END
             || COALESCE(' DEFAULT ' || column_default, '') AS line
      FROM information_schema.columns WHERE table_schema = 'public'
     ORDER BY table_name, ordinal_position`.execute(db);
  const constraints = await sql<{ table: string; line: string }>`
    SELECT conrelid::regclass::text AS table, 'CONSTRAINT ' || conname || ' ' || pg_get_constraintdef(oid) AS line
      FROM pg_constraint WHERE connamespace = 'public'::regnamespace AND conrelid <> 0
     ORDER BY 1, conname`.execute(db);
  const indexes = await sql<{ table: string; line: string }>`
    SELECT tablename AS table, indexdef AS line FROM pg_indexes WHERE schemaname = 'public'
     ORDER BY tablename, indexname`.execute(db);
  const triggers = await sql<{ table: string; line: string }>`
    SELECT tgrelid::regclass::text AS table, pg_get_triggerdef(oid) AS line FROM pg_trigger
     WHERE NOT tgisinternal ORDER BY 1, tgname`.execute(db);
  const extensions = await sql<{ name: string }>`
    SELECT extname AS name FROM pg_extension WHERE extname <> 'plpgsql' ORDER BY 1`.execute(db);

  const tables = [...new Set(columns.rows.map((row) => row.table))].filter(OWN);
  const linesOf = (rows: Array<{ table: string; line: string }>, table: string) =>
    rows.filter((row) => row.table === table).map((row) => row.line);
  const blocks = tables.map((table) =>
    [
      `TABLE ${table}`,
      ...linesOf(columns.rows, table).map((line) => `  ${line}`),
      ...linesOf(constraints.rows, table).map((line) => `  ${line}`),
      ...linesOf(indexes.rows, table),
      ...linesOf(triggers.rows, table),
    ].join('\n'),
  );
  const extensionLines = extensions.rows.map((row) => `EXTENSION ${row.name}`);
  const body = [...extensionLines, ...blocks].join('\n\n');
  return `${header('PostgreSQL', 'tests/server/migrations-postgres.test.ts')}${body}\n`;
}
