/** Queries on the mail queue and its attachments (queue.ts tells how the queue works). */
import type { Kysely } from 'kysely';
import type { Database, MailQueueTable } from '../db/schema';
import { isPostgres } from '../db/dialect';
import { newOrderedId } from '../db/ids';
import type { MailCalendar, MailMessage } from './mailer';
import { MAIL_GIVE_UP_MS, MAIL_KEEP_ENDED_MS, retryDelayMs } from './queue-timing';

export type MailEnd = 'sent' | 'gave_up' | 'expired' | 'cancelled';

export interface QueuedMail {
  id: string;
  kind: string;
  attempts: number;
  createdAt: Date;
  expiresAt: Date | null;
  message: MailMessage;
}

/** Writes a message to the queue (`db` is normally the caller's transaction); answers its id. */
export async function enqueueMail(
  db: Kysely<Database>,
  message: MailMessage,
  /** `notBefore`: not sent before this time (held mail); now when absent. */
  options: { kind: string; now: Date; expiresAt?: Date; notBefore?: Date },
): Promise<string> {
  const id = newOrderedId();
  const now = options.now.toISOString();
  await db
    .insertInto('mail_queue')
    .values({
      id,
      kind: options.kind,
      to_address: message.to,
      reply_to: message.replyTo ?? null,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
      calendar: message.calendar ? JSON.stringify(message.calendar) : null,
      created_at: now,
      expires_at: options.expiresAt?.toISOString() ?? null,
      next_attempt_at: options.notBefore?.toISOString() ?? now,
      attempts: 0,
      claimed_by: null,
      claimed_until: null,
      last_error: null,
      sent_at: null,
      ended_at: null,
      end_reason: null,
    })
    .execute();
  const attachments = message.attachments ?? [];
  if (attachments.length > 0) {
    await db
      .insertInto('mail_attachments')
      .values(
        attachments.map((file, position) => ({
          mail_id: id,
          position,
          filename: file.filename,
          content_type: file.contentType,
          bytes: file.content,
        })),
      )
      .execute();
  }
  return id;
}

type Claim = { holder: string; now: Date; forMs: number };

/**
 * Claims up to `limit` due messages for `holder`, oldest first, in one statement; answers their ids. One commit
 * for a batch, not one per message: on SQLite each commit waits for the disk on the event loop
 * (docs/performance.md#documents). The outer conditions are checked again on the row being changed, so of two
 * instances claiming together each message goes to one.
 */
export async function claimDueMail(db: Kysely<Database>, claim: Claim, limit: number): Promise<string[]> {
  const at = claim.now.toISOString();
  const rows = await db
    .updateTable('mail_queue')
    .set({ claimed_by: claim.holder, claimed_until: new Date(claim.now.getTime() + claim.forMs).toISOString() })
    .where('ended_at', 'is', null)
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', at)]))
    .where('id', 'in', (eb) => {
      const due = eb
        .selectFrom('mail_queue')
        .select('id')
        .where('ended_at', 'is', null)
        .where('next_attempt_at', '<=', at)
        .where((inner) => inner.or([inner('claimed_until', 'is', null), inner('claimed_until', '<=', at)]))
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit);
      // PostgreSQL only (SQLite has one writer and no row locks): another instance's claim in progress is passed
      // over, not waited for and then found taken, which would leave this batch short while others are due.
      return isPostgres(db) ? due.forUpdate().skipLocked() : due;
    })
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Claims a waiting, due message for `holder`; false when it is ended, not due, or held by another sender. */
export async function claimMail(
  db: Kysely<Database>,
  id: string,
  claim: { holder: string; now: Date; forMs: number },
): Promise<boolean> {
  const { holder, now } = claim;
  const at = now.toISOString();
  const result = await db
    .updateTable('mail_queue')
    .set({ claimed_by: holder, claimed_until: new Date(now.getTime() + claim.forMs).toISOString() })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', at)]))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function loadMail(db: Kysely<Database>, id: string): Promise<QueuedMail | undefined> {
  const row = await db.selectFrom('mail_queue').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const files = await db
    .selectFrom('mail_attachments')
    .select(['filename', 'content_type', 'bytes'])
    .where('mail_id', '=', id)
    .orderBy('position')
    .execute();
  return {
    id: row.id,
    kind: row.kind,
    attempts: row.attempts,
    createdAt: new Date(row.created_at),
    expiresAt: row.expires_at ? new Date(row.expires_at) : null,
    message: toMessage(row, files),
  };
}

function toMessage(
  row: Pick<MailQueueTable, 'id' | 'to_address' | 'reply_to' | 'subject' | 'text_body' | 'html_body' | 'calendar'>,
  files: Array<{ filename: string; content_type: string; bytes: Uint8Array }>,
): MailMessage {
  return {
    id: row.id,
    to: row.to_address,
    ...(row.reply_to ? { replyTo: row.reply_to } : {}),
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    ...(row.calendar ? { calendar: JSON.parse(row.calendar) as MailCalendar } : {}),
    ...(files.length > 0
      ? {
          attachments: files.map((file) => ({
            filename: file.filename,
            contentType: file.content_type,
            content: file.bytes,
          })),
        }
      : {}),
  };
}

/** Ends a message (sent, given up, expired, cancelled); its attachments are no longer needed. */
export async function endMail(
  db: Kysely<Database>,
  id: string,
  reason: MailEnd,
  now: Date,
  onlyIfWaiting = false,
): Promise<boolean> {
  const at = now.toISOString();
  let update = db
    .updateTable('mail_queue')
    .set({
      ended_at: at,
      end_reason: reason,
      claimed_by: null,
      claimed_until: null,
      ...(reason === 'sent' ? { sent_at: at } : {}),
    })
    .where('id', '=', id)
    .where('ended_at', 'is', null);
  // A cancellation must not end a message another sender holds right now.
  if (onlyIfWaiting)
    update = update.where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', at)]));
  const result = await update.executeTakeFirst();
  if (result.numUpdatedRows !== 1n) return false;
  await db.deleteFrom('mail_attachments').where('mail_id', '=', id).execute();
  return true;
}

/** Ends messages that were sent, in one transaction: one commit for a batch (see `claimDueMail`). */
export async function endSentMail(db: Kysely<Database>, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('mail_queue')
      .set({ ended_at: at, end_reason: 'sent', claimed_by: null, claimed_until: null, sent_at: at })
      .where('id', 'in', ids)
      .where('ended_at', 'is', null)
      .execute();
    await trx.deleteFrom('mail_attachments').where('mail_id', 'in', ids).execute();
  });
}

/** Records a failed try: the message waits for its next try, or is given up after MAIL_GIVE_UP_MS. */
export async function failMail(
  db: Kysely<Database>,
  mail: Pick<QueuedMail, 'id' | 'attempts' | 'createdAt'>,
  error: string,
  now: Date,
): Promise<'retry' | 'gave_up'> {
  const failures = mail.attempts + 1;
  const next = new Date(now.getTime() + retryDelayMs(failures));
  if (next.getTime() - mail.createdAt.getTime() > MAIL_GIVE_UP_MS) {
    await db
      .updateTable('mail_queue')
      .set({ attempts: failures, last_error: error })
      .where('id', '=', mail.id)
      .execute();
    await endMail(db, mail.id, 'gave_up', now);
    return 'gave_up';
  }
  await db
    .updateTable('mail_queue')
    .set({
      attempts: failures,
      last_error: error.slice(0, 500),
      next_attempt_at: next.toISOString(),
      claimed_by: null,
      claimed_until: null,
    })
    .where('id', '=', mail.id)
    .execute();
  return 'retry';
}

/** How many messages wait, and how long the oldest has waited (seconds; 0 when none). */
export async function mailQueueStats(
  db: Kysely<Database>,
  now: Date,
): Promise<{ depth: number; oldestAgeSeconds: number }> {
  const row = await db
    .selectFrom('mail_queue')
    .select((eb) => [eb.fn.countAll<string | number>().as('depth'), eb.fn.min('created_at').as('oldest')])
    .where('ended_at', 'is', null)
    .executeTakeFirstOrThrow();
  const depth = Number(row.depth);
  if (depth === 0) return { depth, oldestAgeSeconds: 0 };
  // Never below 0: an instance whose clock runs behind the one that queued the message.
  const waitedMs = Math.max(0, now.getTime() - Date.parse(String(row.oldest)));
  return { depth, oldestAgeSeconds: Math.round(waitedMs / 1000) };
}

/** Removes messages that ended more than MAIL_KEEP_ENDED_MS ago (the periodic clean-up); answers how many. */
export async function purgeEndedMail(db: Kysely<Database>, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - MAIL_KEEP_ENDED_MS).toISOString();
  const result = await db.deleteFrom('mail_queue').where('ended_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Why the message's last try failed; undefined when it has none (or is gone). */
export async function findLastError(db: Kysely<Database>, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('mail_queue').select('last_error').where('id', '=', id).executeTakeFirst();
  return row?.last_error ?? undefined;
}
