/**
 * `npm run outbox`: the mail queue's state (how many messages wait, how long the oldest has waited, and the
 * ones that wait or were given up), then the last 10 messages the server "sent" while SMTP_URL was unset,
 * newest first, with their plain text. Those live in DATA_DIR/outbox (default ./data/outbox), one JSON file
 * each: the outbox is one transport of the same queue (docs/operating.md#mail-queue).
 */
import { systemClock } from '#server/clock';
import { loadConfig } from '#server/config';
import { openConfiguredDatabase } from '#server/db/database';
import { outboxDir, readOutbox } from '#server/mail/mailer';
import { mailQueueStats } from '#server/mail/queue';

const LAST = 10;
const config = loadConfig();

const db = openConfiguredDatabase(config);
try {
  const now = systemClock.now();
  const { depth, oldestAgeSeconds } = await mailQueueStats(db, now);
  console.log(`Mail queue: ${depth} waiting${depth > 0 ? `, the oldest for ${oldestAgeSeconds} s` : ''}.`);
  const stuck = await db
    .selectFrom('mail_queue')
    .select(['kind', 'to_address', 'attempts', 'next_attempt_at', 'last_error', 'end_reason'])
    .where((eb) => eb.or([eb('ended_at', 'is', null), eb('end_reason', '=', 'gave_up')]))
    .orderBy('created_at', 'desc')
    .limit(LAST)
    .execute();
  for (const row of stuck) {
    const state = row.end_reason === 'gave_up' ? 'GIVEN UP' : `next try ${row.next_attempt_at}`;
    console.log(
      `  ${row.kind} to ${row.to_address}: ${row.attempts} tries, ${state}${row.last_error ? ` (${row.last_error})` : ''}`,
    );
  }
  console.log();
} catch (error) {
  console.log(`Mail queue: not readable (${error instanceof Error ? error.message : String(error)}).\n`);
} finally {
  await db.destroy();
}

const dir = outboxDir(config.DATA_DIR);
const messages = readOutbox(dir, LAST);

if (messages.length === 0) {
  console.log(`No messages in ${dir}.`);
} else {
  console.log(`The last ${messages.length} message(s) in ${dir}, newest first:\n`);
  for (const message of messages) {
    console.log('─'.repeat(72));
    console.log(`Date:    ${message.date}`);
    console.log(`From:    ${message.from}`);
    console.log(`To:      ${message.to}`);
    console.log(`Subject: ${message.subject}`);
    console.log(`File:    ${message.file}\n`);
    console.log(message.text);
    console.log();
  }
}
