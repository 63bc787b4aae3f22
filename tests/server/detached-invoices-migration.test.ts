/**
 * Migration 0006 (paid invoices outlive their account) on a database that already has invoices: up, they keep
 * their rows and, on SQLite, their insertion order; down, the invoices of deleted accounts go (the old schema
 * has no room for an invoice without an account) and the others stay. SQLite and PostgreSQL alike.
 */
import { type Kysely, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, expect, it } from 'vitest';
import { openDatabase, openPostgresDatabase } from '#server/db/database';
import { migrations } from '#server/db/migrations/index';
import type { Database } from '#server/db/schema';
import { TEST_ON_POSTGRES, cleanup, createPostgresDatabase } from './helpers';

const opened: Array<Kysely<Database>> = [];
afterAll(async () => {
  await Promise.all(opened.map((db) => db.destroy()));
  await cleanup();
});

async function at(
  migration: string,
  onPostgres = TEST_ON_POSTGRES,
): Promise<{ db: Kysely<Database>; migrator: Migrator }> {
  const db = onPostgres ? openPostgresDatabase(await createPostgresDatabase()) : openDatabase(':memory:');
  opened.push(db);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo(migration)).error).toBeUndefined();
  return { db, migrator };
}

const AT = '2026-01-05T09:00:00.000Z';
const invoice = (db: Kysely<Database>, id: string, userId: string | null) =>
  sql`INSERT INTO invoices (id, user_id, amount_pence, title, type, url, paid, paid_at, created_at, provider)
    VALUES (${id}, ${userId}, 4900, 'Website Development Consultation', 'Video Meeting', '', 1, ${AT}, ${AT},
    'sandbox')`.execute(db);
const user = (db: Kysely<Database>, id: string) =>
  sql`INSERT INTO users (id, name, email, password_hash, email_verified, last_login, created_at, updated_at)
    VALUES (${id}, 'Ada', ${`${id}@example.com`}, NULL, 1, NULL, ${AT}, ${AT})`.execute(db);
const invoiceIds = async (db: Kysely<Database>) =>
  (await sql<{ id: string }>`SELECT id FROM invoices ORDER BY id`.execute(db)).rows.map((row) => row.id);

it('going down drops the invoices of deleted accounts and keeps the others', async () => {
  const { db, migrator } = await at('0006_detached_invoices');
  await user(db, 'u1');
  await invoice(db, 'i-kept', 'u1');
  await invoice(db, 'i-detached', null);
  expect((await migrator.migrateTo('0005_identities')).error).toBeUndefined();
  expect(await invoiceIds(db)).toEqual(['i-kept']);
});

it('going up on SQLite keeps invoices of the same moment in the order they were made', async () => {
  // SQLite's insertion order (rowid), which its newest-first lists use; PostgreSQL has none to keep.
  const { db, migrator } = await at('0005_identities', false);
  await user(db, 'u1');
  // Made in this order, their ids sort the other way: only the insertion order tells them apart.
  for (const id of ['i-3', 'i-2', 'i-1']) await invoice(db, id, 'u1');
  expect((await migrator.migrateTo('0006_detached_invoices')).error).toBeUndefined();
  const rows = await sql<{ id: string }>`SELECT id FROM invoices ORDER BY rowid`.execute(db);
  expect(rows.rows.map((row) => row.id)).toEqual(['i-3', 'i-2', 'i-1']);
});
