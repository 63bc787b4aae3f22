import { type Kysely, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgresDatabase } from '#server/db/database';
import { migrate } from '#server/db/migrate';
import { migrations } from '#server/db/migrations/index';
import { isConstraintRace } from '#server/db/errors';
import type { Database } from '#server/db/schema';
import { isUniqueViolation } from '#server/users/repository';
import { clusterForFile } from './postgres';
import { postgresSchema } from './schema-listing';

describe('the migrations on PostgreSQL', () => {
  const started = clusterForFile();
  const opened: Array<Kysely<Database>> = [];
  afterAll(async () => {
    await Promise.all(opened.map((db) => db.destroy()));
  });
  async function fresh(): Promise<Kysely<Database>> {
    const db = openPostgresDatabase(await (await started()).createDatabase());
    opened.push(db);
    return db;
  }

  it('bring an empty database to the latest schema', async () => {
    const db = await fresh();
    await migrate(db);
    const tables = await sql<{ tablename: string }>`
      SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE 'kysely_%' ORDER BY 1`.execute(
      db,
    );
    expect(tables.rows.map((row) => row.tablename)).toEqual(
      [
        'avatars',
        'booking_links',
        'code_tickets',
        'email_codes',
        'identities',
        'idempotency_keys',
        'invoice_documents',
        'invoice_number_series',
        'invoices',
        'job_leases',
        'mail_attachments',
        'mail_queue',
        'notifications',
        'office_hours',
        'order_events',
        'orders',
        'passkey_challenges',
        'passkeys',
        'payment_events',
        'recovery_codes',
        'server_secrets',
        'sessions',
        'totp_secrets',
        'users',
        'visits',
      ].sort(),
    );
  });

  it('leave the schema docs/schema/postgres.sql shows: every column, constraint and index', async () => {
    const db = await fresh();
    await migrate(db);
    await expect(await postgresSchema(db)).toMatchFileSnapshot('../../docs/schema/postgres.sql');
  });

  it('run down to nothing and up again', async () => {
    const db = await fresh();
    await migrate(db);
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    for (let step = 0; step < Object.keys(migrations).length; step += 1) {
      const { error } = await migrator.migrateDown();
      expect(error).toBeUndefined();
    }
    await migrate(db);
  });

  it('are applied once when several instances start at the same moment', async () => {
    const url = await (await started()).createDatabase();
    const instances = Array.from({ length: 4 }, () => openPostgresDatabase(url, { max: 2 }));
    opened.push(...instances);
    await Promise.all(instances.map((db) => migrate(db)));
    const applied = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(instances[0]!);
    expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(migrations));
  });

  it("give errors the server recognises: a taken e-mail or key is PostgreSQL's 23505", async () => {
    const db = await fresh();
    await migrate(db);
    const user = {
      name: 'Ada',
      email: 'ada@example.com',
      password_hash: null,
      email_verified: 0,
      last_login: null,
      created_at: '2026-01-05T09:00:00.000Z',
      updated_at: '2026-01-05T09:00:00.000Z',
    };
    await db
      .insertInto('users')
      .values({ id: 'u1', ...user })
      .execute();
    const sameEmail = await db
      .insertInto('users')
      .values({ id: 'u2', ...user })
      .execute()
      .catch((error: unknown) => error);
    expect(isUniqueViolation(sameEmail)).toBe(true);
    expect(isConstraintRace(sameEmail)).toBe(true);
    const sameId = await db
      .insertInto('users')
      .values({ id: 'u1', ...user, email: 'other@example.com' })
      .execute()
      .catch((error: unknown) => error);
    expect(isConstraintRace(sameId)).toBe(true);
  });
});
