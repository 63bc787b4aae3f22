/**
 * What every change of a customer's call writes beside the order, in its transaction
 * (docs/decisions/0042-customers-book-their-call.md): the customer's notification, a fresh booking link, and
 * the mail with its calendar invitation, queued to go once the change commits.
 */
import type { Database } from '../db/schema';
import type { Kysely } from 'kysely';
import { HttpError } from '../http/errors';
import type { OrderDetailRow } from '../orders/repository';
import type { Services } from '../services';
import { queueCallMail } from './booking-mail';
import { bookingLinkUrl, newBookingToken } from '../orders/booking-links-repository';
import { addNotification, notificationTexts } from '../notifications/notifications';

export const CHANGED_MEANWHILE_TEXT = 'Your booking changed a moment ago. Please reload the page and try again.';

/** The customer acting: signed in, or the order's customer when the change comes from a mail's link. */
export interface Customer {
  id: string;
  name: string;
  email: string;
}

/** A booking or a move, as it is written. */
export interface CallChange {
  order: OrderDetailRow;
  /** The new start (ISO, UTC), how to join, the customer's zone and the member who holds the call. */
  start: string;
  join: string;
  timeZone: string;
  memberId: string | null;
  /** The calendar event's SEQUENCE after this change. */
  sequence: number;
  now: Date;
}

export function changedMeanwhile(): HttpError {
  return new HttpError(409, CHANGED_MEANWHILE_TEXT);
}

/** The notification, the link and the mail of a booking or a move. */
export async function recordCallChange(
  trx: Kysely<Database>,
  services: Services,
  change: CallChange,
  customer: Customer,
): Promise<void> {
  const { order, now } = change;
  const moved = order.status === 'scheduled';
  await addNotification(trx, {
    userId: customer.id,
    kind: 'order_scheduled',
    text: notificationTexts.orderScheduled(order.title, new Date(change.start), change.join, moved),
    now,
  });
  const bookingUrl = bookingLinkUrl(services.config.PUBLIC_URL, await newBookingToken(trx, order.id, now));
  await queueCallMail(trx, services, { kind: moved ? 'moved' : 'booked', change, customer, bookingUrl });
}
