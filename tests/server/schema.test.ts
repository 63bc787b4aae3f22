/**
 * The schema the migrations leave on SQLite is the one docs/schema/sqlite.sql shows (the PostgreSQL one is checked
 * in migrations-postgres.test.ts). After a migration changes it, `npx vitest run -u tests/server/schema.test.ts`
 * writes the new listing, to review and commit with the migration.
 */
import { describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/database';
import { migrate } from '#server/db/migrate';
import { destroyAfterAll } from './helpers';
import { sqliteSchema } from './schema-listing';

describe('the schema on SQLite', () => {
  it('is what docs/schema/sqlite.sql shows: every column, constraint, index and trigger', async () => {
    const db = destroyAfterAll(openDatabase(':memory:'));
    await migrate(db);
    await expect(await sqliteSchema(db)).toMatchFileSnapshot('../../docs/schema/sqlite.sql');
  });
});
