/**
 * A booking link's page, without signing in (docs/decisions/0042-customers-book-their-call.md): the token opens
 * its order's call as it is now, whichever mail carried it. A GET only shows; moving and cancelling are POSTs,
 * the same rules and the same code as on the invoice card. Once the call has begun or the order is delivered,
 * the link shows what it was and changes nothing.
 */
import { freeSlots } from '#domain/bookingSlots';
import type { BookingPageResponse } from '#domain/bookingContract';
import { company } from '#domain/company';
import { promiseDeadline } from '#machines/order.machine';
import { HttpError } from '../http/errors';
import { type OrderDetailRow, findOrder, findCallHolder } from '../orders/repository';
import type { Services } from '../services';
import { bookedCallOf } from './booked-call';
import type { Customer } from './call-change';
import { changeDeadline } from './customer-order';
import { findOrderIdByToken } from '../orders/booking-links-repository';
import { slotInput } from './slot-input';

export const LINK_INVALID_TEXT =
  'This booking link is not valid. Please use the link in your latest mail from us, or sign in to see your orders.';

/** The link's order and its customer; the same 404 for junk, an unknown token and a deleted account. */
export async function orderOfLink(
  db: Services['db'],
  token: string,
): Promise<{ order: OrderDetailRow; customer: Customer }> {
  const orderId = await findOrderIdByToken(db, token);
  const order = orderId === undefined ? undefined : await findOrder(db, orderId);
  if (!order || order.user_id === null || order.customer_name === null || order.customer_email === null) {
    throw new HttpError(404, LINK_INVALID_TEXT);
  }
  return { order, customer: { id: order.user_id, name: order.customer_name, email: order.customer_email } };
}

function stateOf(order: OrderDetailRow, now: Date): BookingPageResponse['state'] {
  if (order.status === 'paid') return 'cancelled';
  if (order.status === 'scheduled' && order.scheduled_at !== null && Date.parse(order.scheduled_at) > now.getTime()) {
    return 'scheduled';
  }
  return 'ended';
}

/** What the link's page shows now: the call, and the times it may move to while the customer still may. */
export async function bookingPage(services: Services, token: string): Promise<BookingPageResponse> {
  const { order } = await orderOfLink(services.db, token);
  const now = services.clock.now();
  const state = stateOf(order, now);
  const held = await findCallHolder(services.db, order.id);
  const call =
    order.scheduled_at !== null
      ? {
          ...bookedCallOf(services.config, { start: order.scheduled_at, join: order.join_info ?? '' }, held.member_name)
            .call!,
          chosenByCustomer: held.call_chosen_by_customer === 1,
        }
      : null;
  const changeable =
    state === 'cancelled' || (state === 'scheduled' && now < changeDeadline(order.scheduled_at!, services.config));
  return {
    service: { title: order.title, type: order.type },
    state,
    call,
    timeZone: company.timeZone,
    promiseEndsAt: promiseDeadline(order.paid_at!).toISOString(),
    slots: changeable ? freeSlots(await slotInput(services, now, order.id)) : [],
  };
}
