/**
 * The customer's mail of a change to their call, queued in the change's transaction (server/mail/queue.ts):
 * booked or moved (a REQUEST invitation), or cancelled (a CANCEL one), each with the call's one UID and the
 * SEQUENCE the change wrote, and a link to change it without signing in.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { enqueueMail } from '../mail/queue';
import { callScheduledMail } from '../mail/order-messages';
import { calendarFileName, callCalendar } from '../orders/calendar';
import type { Services } from '../services';
import type { CallChange, Customer } from './call-change';

export async function queueCallMail(
  trx: Kysely<Database>,
  services: Services,
  mail: { kind: 'booked' | 'moved' | 'cancelled'; change: CallChange; customer: Customer; bookingUrl: string },
): Promise<void> {
  const { change, customer } = mail;
  const { order, now } = change;
  const calendar = await callCalendar(
    {
      invoiceId: order.id,
      title: order.title,
      type: order.type,
      at: change.start,
      join: change.join,
      customer,
      sequence: change.sequence,
      publicUrl: services.config.PUBLIC_URL,
    },
    'REQUEST',
  );
  const message = callScheduledMail({
    to: customer.email,
    name: customer.name,
    title: order.title,
    type: order.type,
    at: new Date(change.start),
    join: change.join,
    reason: null,
    moved: mail.kind === 'moved',
    publicUrl: services.config.PUBLIC_URL,
    calendar: { method: 'REQUEST', filename: calendarFileName(change.start), content: calendar },
  });
  await enqueueMail(trx, message, { kind: `call ${mail.kind}`, now });
}
