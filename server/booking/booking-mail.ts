/**
 * The customer's mail of a change to their call, queued in the change's transaction (server/mail/queue.ts):
 * booked or moved (a REQUEST invitation), or cancelled (a CANCEL one), each with the call's one UID and the
 * SEQUENCE the change wrote, and a link to change it without signing in. The times are on the customer's clock
 * and the company's.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { callBookedMail, callCancelledMail } from '../mail/booking-messages';
import type { MailCalendar } from '../mail/mailer';
import { enqueueMail } from '../mail/queue';
import { type CallEvent, callInvitation } from '../orders/calendar';
import type { Services } from '../services';
import type { CallChange, Customer } from './call-change';
import { changeDeadline } from './customer-order';
import { findMemberName } from './repository';

const MINUTE_MS = 60_000;

/** The invitation; the change stands and the customer is told even when it cannot be made: that is logged. */
async function invitation(services: Services, event: CallEvent, method: 'REQUEST' | 'CANCEL') {
  try {
    return await callInvitation(event, method);
  } catch (err) {
    services.log.logger.error(
      { event: 'order.invitation_failed', orderId: event.invoiceId, err },
      'the invitation could not be made; the mail goes without it',
    );
    return null;
  }
}

export async function queueCallMail(
  trx: Kysely<Database>,
  services: Services,
  mail: { kind: 'booked' | 'moved' | 'cancelled'; change: CallChange; customer: Customer; bookingUrl: string },
): Promise<void> {
  const { config } = services;
  const { change, customer, bookingUrl } = mail;
  const { order, now } = change;
  const start = new Date(change.start);
  const event: CallEvent = {
    invoiceId: order.id,
    title: order.title,
    type: order.type,
    at: change.start,
    join: change.join,
    customer,
    sequence: change.sequence,
    publicUrl: config.PUBLIC_URL,
    minutes: config.CALL_MINUTES,
    organizer: config.OFFICE_EMAIL,
    stamp: now,
  };
  const common = {
    to: customer.email,
    name: customer.name,
    title: order.title,
    type: order.type,
    start,
    customerZone: change.timeZone || null,
    bookingUrl,
    publicUrl: config.PUBLIC_URL,
  };
  const message =
    mail.kind === 'cancelled'
      ? callCancelledMail({ ...common, calendar: await invitation(services, event, 'CANCEL') })
      : callBookedMail({
          ...common,
          end: new Date(start.getTime() + config.CALL_MINUTES * MINUTE_MS),
          join: change.join,
          with: change.memberId === null ? null : await findMemberName(trx, change.memberId),
          changeUntil: changeDeadline(change.start, config),
          moved: mail.kind === 'moved',
          calendar: (await invitation(services, event, 'REQUEST')) satisfies MailCalendar | null,
        });
  await enqueueMail(trx, message, { kind: `call ${mail.kind}`, now });
}
