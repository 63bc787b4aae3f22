/**
 * The durable mail queue (docs/operating.md#mail-queue). A message is written by `enqueueMail` inside
 * the transaction of the change that causes it, so the change and its mail commit together or not at all.
 * Sending (server/mail/sender.ts) claims messages with a conditional UPDATE, which both databases apply
 * atomically: of instances claiming together exactly one wins each message, and a claim that outlives its sender
 * (a crash mid-send) lapses after MAIL_CLAIM_SECONDS (server/config.ts), so the message is sent again: at
 * least once.
 */
// The queue's timing and its rows, named here for the many modules that queue or send mail.
export * from './queue-timing';
export * from './queue-repository';
