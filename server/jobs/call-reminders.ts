/**
 * The customer's call reminder (docs/product.md#booking): CALL_REMINDER_MINUTES before a scheduled call, its
 * customer is mailed the time, how to join and a fresh booking link, once for each time the call is set to. A
 * moved call is reminded for its new time only; a cancelled one never. server/main-jobs.ts runs it every
 * CALL_REMINDER_INTERVAL_MS under its own lease; each call is then claimed with a conditional UPDATE of
 * `call_reminded_for` on the time it was read with, so two runs at once (a lease taken over from a stalled
 * instance) remind it once, and a call moved meanwhile is not reminded for its old time. The mail is queued in the
 * claim's own transaction, to expire when the call starts: a reminder that could not go before is no use after.
 */
import type { Kysely } from 'kysely';
import { bookingLinkUrl, newBookingToken } from '../orders/booking-links-repository';
import { claimCallReminder, listCallsToRemind, type CallToRemind } from '../booking/reminders-repository';
import { type Clock, MINUTE_MS } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { ServerLog } from '../log';
import { callReminderMail } from '../mail/booking-messages';
import { enqueueMail } from '../mail/queue';
import type { MailSender } from '../mail/sender';

/** The job's name in `job_leases`. */
export const CALL_REMINDERS_JOB = 'call-reminders';
/** Often enough that a reminder goes within a couple of minutes of its time. */
export const CALL_REMINDER_INTERVAL_MS = 2 * MINUTE_MS;

type Deps = {
  db: Kysely<Database>;
  clock: Clock;
  mail: Pick<MailSender, 'kick'>;
  config: Pick<Config, 'CALL_REMINDER_MINUTES' | 'PUBLIC_URL'>;
  log: ServerLog;
};

/** Queues the reminders that are due; returns how many it queued. */
export async function runCallReminders({ db, clock, mail, config, log }: Deps): Promise<number> {
  const now = clock.now();
  const until = new Date(now.getTime() + config.CALL_REMINDER_MINUTES * MINUTE_MS);
  // Started calls are left out: a reminder after the start is no reminder.
  const due = await listCallsToRemind(db, now.toISOString(), until.toISOString());
  let sent = 0;
  for (const call of due) {
    if (await remind(db, call, now, config.PUBLIC_URL)) sent += 1;
  }
  if (sent > 0) {
    mail.kick();
    log.logger.info({ event: 'calls.reminded', count: sent }, `reminded ${sent} customer(s) of their call`);
  }
  return sent;
}

/** Claims the call's reminder and queues its mail, together; false when another run has it or the call moved. */
function remind(db: Kysely<Database>, call: CallToRemind, now: Date, publicUrl: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await claimCallReminder(trx, call.invoice_id, call.scheduled_at))) return false;
    const start = new Date(call.scheduled_at);
    const message = callReminderMail({
      to: call.customer_email,
      name: call.customer_name,
      title: call.title,
      type: call.type,
      start,
      join: call.join_info,
      customerZone: call.call_customer_zone,
      bookingUrl: bookingLinkUrl(publicUrl, await newBookingToken(trx, call.invoice_id, now)),
      publicUrl,
    });
    await enqueueMail(trx, message, { kind: 'call reminder', now, expiresAt: start });
    return true;
  });
}
