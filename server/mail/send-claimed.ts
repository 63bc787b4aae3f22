/**
 * One claimed message of the queue sent (server/mail/sender.ts): dropped when it expired, sent, or recorded as
 * failed to be tried again later, or given up.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import type { ServerLog } from '../log';
import type { Mailer } from './mailer';
import { endMail, failMail, loadMail } from './queue';
import type { Delivery } from './sender';

export interface SendDeps {
  db: Kysely<Database>;
  clock: Clock;
  mailer: Mailer;
  log: ServerLog;
}

/** Sends a message this instance holds. One that went is left for the caller to mark sent. */
export async function sendClaimed({ db, clock, mailer, log }: SendDeps, id: string): Promise<Delivery> {
  const mail = await loadMail(db, id);
  if (!mail) return 'busy';
  // A code whose time has passed is worth nothing: it is dropped, never sent late.
  if (mail.expiresAt && clock.now() >= mail.expiresAt) {
    await endMail(db, id, 'expired', clock.now());
    log.logger.warn({ event: 'mail.expired', mailId: id, kind: mail.kind }, `dropped the expired ${mail.kind} e-mail`);
    return 'expired';
  }
  try {
    await mailer.send(mail.message);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const outcome = await failMail(db, mail, reason, clock.now());
    if (outcome === 'gave_up') {
      log.security('mail.gave_up', { mailId: id, kind: mail.kind, attempts: mail.attempts + 1 });
    } else {
      log.logger.warn(
        { event: 'mail.failed', mailId: id, kind: mail.kind, attempts: mail.attempts + 1, err: error },
        `could not send the ${mail.kind} e-mail; it will be tried again`,
      );
    }
    return outcome;
  }
  return 'sent';
}
