/**
 * The free slots of a customer's call (GET /api/orders/<id>/slots): what `freeSlots` answers for every office
 * member's hours and the calls already booked (docs/decisions/0042-customers-book-their-call.md). A scheduled
 * call's own time counts as free, so a move may keep it or choose any other.
 */
import { freeSlots } from '#domain/bookingSlots';
import type { SlotsResponse } from '#domain/bookingContract';
import { promiseDeadline } from '#machines/order.machine';
import { HttpError, NOT_FOUND_TEXT } from '../http/errors';
import { type OrderDetailRow, findOrder } from '../orders/repository';
import type { Services } from '../services';
import { assertCustomerMayChange } from './customer-order';
import { slotInput } from './slot-input';

/** The customer's own order; the same 404 for another's as for none: the answer tells nothing about others. */
export async function customersOrder(db: Services['db'], orderId: string, userId: string): Promise<OrderDetailRow> {
  const order = await findOrder(db, orderId);
  if (!order || order.user_id !== userId) throw new HttpError(404, NOT_FOUND_TEXT);
  return order;
}

/** The slots the order's call may be booked in or moved to now, earliest first, and when its promise ends. */
async function slotsFor(services: Pick<Services, 'db' | 'config' | 'clock'>, order: OrderDetailRow) {
  const now = services.clock.now();
  assertCustomerMayChange(order, now, services.config);
  const input = await slotInput(services, now, order.id);
  return {
    timeZone: input.settings.timeZone,
    promiseEndsAt: promiseDeadline(order.paid_at!).toISOString(),
    slots: freeSlots(input),
  } satisfies SlotsResponse;
}

export async function orderSlots(
  services: Pick<Services, 'db' | 'config' | 'clock'>,
  orderId: string,
  userId: string,
): Promise<SlotsResponse> {
  return slotsFor(services, await customersOrder(services.db, orderId, userId));
}
