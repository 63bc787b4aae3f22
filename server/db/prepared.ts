/**
 * Queries built and compiled once, then run many times with new values. Building a query with Kysely and
 * compiling it to SQL costs more than running a short one on SQLite (docs/performance.md), so the few queries
 * every request makes (the session lookup, the invoice listing and creation) are built once per dialect:
 * each argument is a placeholder while the query is built, and its value takes the placeholder's place among
 * the compiled parameters at each run. The SQL text is then the same every time, which also lets SQLite's
 * statement cache (statements.ts) and PostgreSQL's plan cache reuse it.
 *
 * Only for queries whose shape never depends on the values (no lists of varying length, no optional parts).
 */
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { type DialectName, dialectOf } from './dialect';
import type { Database } from './schema';

/** Every prepared query's compiled forms, for forgetCompiledQueries. */
const everyCompiled = new Set<Map<DialectName, unknown>>();

/**
 * Forgets every compiled query, so that each is built again at its next run. For mutation testing only:
 * StrykerJS credits a mutant in a query's builder to the tests that ran the builder, and with the compiled query
 * kept, that is only the first test that made the query, whatever it checked (docs/testing.md#mutation-testing).
 */
export function forgetCompiledQueries(): void {
  for (const compiled of everyCompiled) compiled.clear();
}

/** Stands for an argument while the query is built; unique, so it can never be confused with a real value. */
class Placeholder {
  constructor(readonly index: number) {}
}

export function preparedQuery<Args extends unknown[], Row>(
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
): (db: Kysely<Database>, ...args: Args) => Promise<Row[]> {
  const compiled = new Map<DialectName, { query: CompiledQuery<Row>; slots: Array<number | null> }>();
  everyCompiled.add(compiled);
  return async (db, ...args) => {
    const dialect = dialectOf(db);
    let prepared = compiled.get(dialect);
    if (!prepared) {
      const placeholders = args.map((_value, index) => new Placeholder(index)) as unknown as Args;
      const query = build(db, ...placeholders).compile();
      const slots = query.parameters.map((value) => (value instanceof Placeholder ? value.index : null));
      if (new Set(slots.filter((slot) => slot !== null)).size !== args.length) {
        throw new Error('preparedQuery: every argument must appear in the query as a value');
      }
      prepared = { query, slots };
      compiled.set(dialect, prepared);
    }
    const { query, slots } = prepared;
    const parameters = slots.map((slot, index) => (slot === null ? query.parameters[index] : args[slot]));
    const result = await db.executeQuery<Row>({ ...query, parameters });
    return result.rows;
  };
}
