/**
 * State that several server instances must share, kept in the database they share rather than in one
 * process or one machine's files (docs/decisions/0010-shared-state-in-the-database.md):
 * - `server_secrets`: the signing secret of payment links and e-mailed codes, made once by whichever
 *   instance needs it first;
 * - `job_leases`: when each periodic job was last claimed, so that it runs once per interval across all
 *   instances.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (col) => col.primaryKey())
    /** ISO time of the last claim; the job may be claimed again one interval later. */
    .addColumn('claimed_at', 'text', (col) => col.notNull())
    /** Which instance claimed it (host and process id), for the operator reading the table. */
    .addColumn('claimed_by', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_leases').execute();
  await db.schema.dropTable('server_secrets').execute();
}
