/**
 * The promise reminder (docs/product.md#orders): a paid order that is neither scheduled nor delivered
 * PROMISE_REMINDER_BEFORE_MS before its deadline (or past it) is e-mailed to the office once more, once.
 * server/main.ts runs it every ORDER_REMINDER_INTERVAL_MS under its lease (one instance per interval); each
 * order is then claimed with a conditional UPDATE of `promise_reminded_at`, so even two runs at the same
 * moment (a lease taken over from a stalled instance) mail it once. The mail is queued in the claim's own
 * transaction (server/mail/queue.ts): the queue delivers it, retrying while the mail server is away.
 */
import type { Kysely } from 'kysely';
import { DELIVERY_PROMISE_MS, PROMISE_REMINDER_BEFORE_MS } from '#domain/orders';
import { promiseDeadline } from '#machines/order.machine';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { ServerLog } from '../log';
import { enqueueMail } from '../mail/queue';
import type { MailSender } from '../mail/sender';
import { officeReminderMail } from '../mail/order-messages';
import { claimReminder, listUnremindedPaidBy } from '../orders/repository';

/** The reminder job's name in `job_leases`. */
export const ORDER_REMINDERS_JOB = 'order-reminders';
/** Often enough that a reminder goes out within minutes of the four hours before the deadline. */
export const ORDER_REMINDER_INTERVAL_MS = 5 * 60 * 1000;

/** Queues the reminders that are due; returns how many it queued. */
export async function runOrderReminders(deps: {
  db: Kysely<Database>;
  clock: Clock;
  mail: Pick<MailSender, 'kick'>;
  config: Pick<Config, 'OFFICE_EMAIL' | 'PUBLIC_URL'>;
  log: ServerLog;
}): Promise<number> {
  const { db, clock, mail, config, log } = deps;
  const now = clock.now();
  // Due when the deadline (payment + promise) is at most PROMISE_REMINDER_BEFORE_MS away.
  const paidBy = new Date(now.getTime() + PROMISE_REMINDER_BEFORE_MS - DELIVERY_PROMISE_MS).toISOString();
  const due = await listUnremindedPaidBy(db, paidBy);

  let sent = 0;
  for (const order of due) {
    const claimedAt = now.toISOString();
    const paidAt = new Date(order.paid_at!);
    const message = officeReminderMail({
      to: config.OFFICE_EMAIL,
      invoiceId: order.id,
      customer:
        order.customer_name !== null && order.customer_email !== null
          ? { name: order.customer_name, email: order.customer_email }
          : null,
      title: order.title,
      type: order.type,
      url: order.url,
      amountPence: order.amount_pence,
      paidAt,
      deadline: promiseDeadline(order.paid_at!),
      provider: order.provider,
      publicUrl: config.PUBLIC_URL,
    });
    const claimed = await db.transaction().execute(async (trx) => {
      if (!(await claimReminder(trx, order.id, claimedAt))) return false; // another run has it
      await enqueueMail(trx, message, { kind: 'promise reminder (office)', now });
      return true;
    });
    if (claimed) sent += 1;
  }
  if (sent > 0) mail.kick();
  if (sent > 0) log.logger.info({ event: 'orders.reminded', count: sent }, `reminded the office of ${sent} order(s)`);
  return sent;
}
