/**
 * Office hours (docs/decisions/0042-customers-book-their-call.md): one row per office member, their weekly
 * ranges and days off. Wall-clock data only, read on the company's clock: a time of day stored as UTC would
 * shift by an hour at each clock change.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('office_hours')
    // One row per member; it goes with the account.
    .addColumn('member_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    // JSON text, `{ "monday": [{ "start": "09:00", "end": "17:00" }], … }`: every weekday, Monday first.
    .addColumn('weekly', 'text', (col) => col.notNull())
    // JSON text, an array of local dates ('2026-12-24'), sorted, without duplicates.
    .addColumn('days_off', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('office_hours').execute();
}
