/**
 * A customer cancels their booked call (docs/decisions/0042-customers-book-their-call.md): the order goes back
 * to paid, to be booked again; the member's time is free at once; the calendar event is cancelled with the same
 * UID and a higher SEQUENCE (a CANCEL invitation), in the change's own transaction.
 */
import type { BookingResponse } from '#domain/bookingContract';
import { HttpError } from '../http/errors';
import { addNotification, notificationTexts } from '../notifications/notifications';
import { nextStatus, orderStateOf } from '../orders/machine';
import { type OrderDetailRow, changeStatus, findCallHolder } from '../orders/repository';
import type { Services } from '../services';
import { queueCallMail } from './booking-mail';
import { type CallChange, type Customer, changedMeanwhile } from './call-change';
import { assertCustomerMayChange } from './customer-order';
import { bookingLinkUrl, newBookingToken } from '../orders/booking-links-repository';
import { formatCallTime } from '../mail/time';

export const NOTHING_TO_CANCEL_TEXT = 'This call has no booked time to cancel.';

export async function cancelBooking(
  services: Services,
  order: OrderDetailRow,
  customer: Customer,
): Promise<BookingResponse> {
  const now = services.clock.now();
  assertCustomerMayChange(order, now, services.config);
  if (order.status !== 'scheduled' || order.scheduled_at === null) throw new HttpError(409, NOTHING_TO_CANCEL_TEXT);
  const to = nextStatus(orderStateOf(order), { type: 'order.cancelBooking' });
  const held = await findCallHolder(services.db, order.id);
  const change: CallChange = {
    order,
    start: order.scheduled_at,
    join: order.join_info ?? '',
    timeZone: held.call_customer_zone ?? '',
    memberId: held.call_member_id,
    sequence: (held.call_sequence ?? -1) + 1,
    now,
  };
  await services.db.transaction().execute(async (trx) => {
    const moved = await changeStatus(trx, {
      invoiceId: order.id,
      from: order.status,
      scheduledAtWas: order.scheduled_at,
      to,
      set: {
        scheduled_at: null,
        join_info: null,
        late_reason: null,
        call_member_id: null,
        call_start_minute: null,
        call_until_minute: null,
        call_chosen_by_customer: 0,
        call_sequence: change.sequence,
        // A new booking at the same time is a new call: it is reminded again.
        call_reminded_for: null,
      },
      actor: customer,
      note: `The customer cancelled the call of ${formatCallTime(new Date(change.start))}.`,
      now,
    });
    if (!moved) throw changedMeanwhile();
    await addNotification(trx, {
      userId: customer.id,
      kind: 'order_booking_cancelled',
      text: notificationTexts.orderBookingCancelled(order.title),
      now,
    });
    const bookingUrl = bookingLinkUrl(services.config.PUBLIC_URL, await newBookingToken(trx, order.id, now));
    await queueCallMail(trx, services, { kind: 'cancelled', change, customer, bookingUrl });
  });
  services.mail.kick();
  services.log.security('order.changed', {
    orderId: order.id,
    change: 'order.cancelBooking',
    to,
    actorId: customer.id,
  });
  return { status: 'paid', call: null };
}
