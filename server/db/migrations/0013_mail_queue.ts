/**
 * The durable mail queue (docs/operating.md#mail-queue): every message is written in the transaction of the
 * change that causes it and sent afterwards, with retries, by whichever instance claims it.
 */
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_queue')
    // A time-ordered id, also the message's Message-ID: a retry after a lost answer is the same message.
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('to_address', 'text', (col) => col.notNull())
    .addColumn('reply_to', 'text')
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('text_body', 'text', (col) => col.notNull())
    .addColumn('html_body', 'text', (col) => col.notNull())
    .addColumn('calendar', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    // A code's message is worth nothing after the code expires: it is dropped, not sent late.
    .addColumn('expires_at', 'text')
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('last_error', 'text')
    // Exactly one of these ends a message: sent, given up (a day of failures), or dropped (expired, cancelled).
    .addColumn('sent_at', 'text')
    .addColumn('ended_at', 'text')
    .addColumn('end_reason', 'text')
    .execute();
  // "What is due" reads only the messages still waiting.
  await db.schema
    .createIndex('mail_queue_waiting')
    .on('mail_queue')
    .column('next_attempt_at')
    .where(sql.ref('ended_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('mail_attachments')
    .addColumn('mail_id', 'text', (col) => col.notNull().references('mail_queue.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('filename', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    // Dialect branch, unavoidable (as in migration 0004): raw bytes are `blob` in SQLite, `bytea` in PostgreSQL.
    .addColumn('bytes', isPostgres(db) ? 'bytea' : 'blob', (col) => col.notNull())
    .addPrimaryKeyConstraint('mail_attachments_pk', ['mail_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_attachments').execute();
  await db.schema.dropTable('mail_queue').execute();
}
