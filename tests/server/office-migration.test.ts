/** Migration 0009 on a database that already has customers and invoices, on SQLite and on PostgreSQL. */
import { type Kysely, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, openPostgresDatabase } from '#server/db/database';
import { migrate } from '#server/db/migrate';
import { migrations } from '#server/db/migrations/index';
import type { Database } from '#server/db/schema';
import { TEST_ON_POSTGRES, cleanup, createPostgresDatabase } from './helpers';

const opened: Array<Kysely<Database>> = [];
afterAll(async () => {
  await Promise.all(opened.map((db) => db.destroy()));
  await cleanup();
});

async function fresh(): Promise<Kysely<Database>> {
  const db = TEST_ON_POSTGRES ? openPostgresDatabase(await createPostgresDatabase()) : openDatabase(':memory:');
  opened.push(db);
  return db;
}

const migrator = (db: Kysely<Database>) => new Migrator({ db, provider: { getMigrations: async () => migrations } });

const AT = '2026-01-05T09:00:00.000Z';

describe('migration 0009 (orders)', () => {
  it('gives every account the common role and every invoice its order: paid ones paid, the others awaiting payment', async () => {
    const db = await fresh();
    const { error } = await migrator(db).migrateTo('0008_secrets_job_leases');
    expect(error).toBeUndefined();
    // Written in SQL: the typed schema already has the columns this migration adds.
    await sql`INSERT INTO users (id, name, email, password_hash, email_verified, last_login, created_at, updated_at)
      VALUES ('u1', 'Ada', 'ada@example.com', NULL, 1, NULL, ${AT}, ${AT})`.execute(db);
    const invoice = (id: string, paid: 0 | 1, paidAt: string | null, userId: string | null) =>
      sql`INSERT INTO invoices (id, user_id, amount_pence, title, type, url, paid, paid_at, created_at, provider)
        VALUES (${id}, ${userId}, 4900, 'Website Development Consultation', 'Video Meeting', '', ${paid}, ${paidAt},
        ${AT}, 'sandbox')`.execute(db);
    await invoice('i-paid', 1, '2026-01-05T10:00:00.000Z', 'u1');
    await invoice('i-unpaid', 0, null, 'u1');
    await invoice('i-detached', 1, '2026-01-04T10:00:00.000Z', null);

    await migrate(db);
    const orders = await db
      .selectFrom('orders')
      .select(['invoice_id', 'status', 'scheduled_at', 'report', 'promise_reminded_at', 'updated_at'])
      .orderBy('invoice_id')
      .execute();
    expect(orders).toEqual([
      {
        invoice_id: 'i-detached',
        status: 'paid',
        scheduled_at: null,
        report: null,
        promise_reminded_at: null,
        updated_at: '2026-01-04T10:00:00.000Z',
      },
      {
        invoice_id: 'i-paid',
        status: 'paid',
        scheduled_at: null,
        report: null,
        promise_reminded_at: null,
        updated_at: '2026-01-05T10:00:00.000Z',
      },
      {
        invoice_id: 'i-unpaid',
        status: 'awaitingPayment',
        scheduled_at: null,
        report: null,
        promise_reminded_at: null,
        updated_at: AT,
      },
    ]);
    expect(await db.selectFrom('users').select('role').execute()).toEqual([{ role: 'common' }]);
    expect(await db.selectFrom('order_events').selectAll().execute()).toEqual([]);

    // Deleting an invoice takes its order and audit entries with it; deleting an actor leaves the entry.
    await db
      .insertInto('order_events')
      .values({
        id: 'e1',
        invoice_id: 'i-paid',
        from_status: 'paid',
        to_status: 'scheduled',
        actor_user_id: 'u1',
        note: null,
        at: AT,
      })
      .execute();
    await db.deleteFrom('invoices').where('id', '=', 'i-unpaid').execute();
    expect(await db.selectFrom('orders').select('invoice_id').where('invoice_id', '=', 'i-unpaid').execute()).toEqual(
      [],
    );
    await db.updateTable('invoices').set({ user_id: null }).where('user_id', '=', 'u1').execute();
    await db.deleteFrom('users').where('id', '=', 'u1').execute();
    expect(await db.selectFrom('order_events').select(['id', 'actor_user_id']).execute()).toEqual([
      { id: 'e1', actor_user_id: null },
    ]);
  });

  it('goes down and up again', async () => {
    const db = await fresh();
    await migrate(db);
    // Down to the migration before 0009, whatever came after it.
    const { error } = await migrator(db).migrateTo('0008_secrets_job_leases');
    expect(error).toBeUndefined();
    await sql`SELECT id FROM users`.execute(db);
    await expect(sql`SELECT role FROM users`.execute(db)).rejects.toThrow();
    await expect(sql`SELECT status FROM orders`.execute(db)).rejects.toThrow();
    await migrate(db);
    await sql`SELECT role FROM users`.execute(db);
  });
});
