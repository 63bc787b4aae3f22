/**
 * The free slots of a paid order's call (GET /api/orders/<id>/slots): what `freeSlots` answers for every office
 * member's hours and the calls already booked (docs/decisions/0042-customers-book-their-call.md).
 */
import type { BookedCall, SlotSettings } from '#domain/booking';
import { freeSlots } from '#domain/bookingSlots';
import type { SlotsResponse } from '#domain/bookingContract';
import { company } from '#domain/company';
import { isServiceType } from '#domain/catalogue/delivery';
import { isCall, promiseDeadline } from '#machines/order.machine';
import { HttpError, NOT_FOUND_TEXT } from '../http/errors';
import { type OrderDetailRow, findOrder } from '../orders/repository';
import type { Services } from '../services';
import { hoursOf } from './hours';
import { listBookedCallStarts, listStaffHours } from './repository';

export const NOT_A_CALL_TEXT = 'This order is a PDF report, not a call: there is no call to book.';
export const NOT_PAID_TEXT = 'This order is not paid yet: its call can be booked once it is.';
export const ALREADY_BOOKED_TEXT = "This order's call is booked already.";
export const ALREADY_DELIVERED_TEXT = 'This order was delivered already: there is no call left to book.';

const MINUTE_MS = 60_000;

/** The customer's own paid call, waiting for its time; 404 for anyone else's or none, 409 when not bookable. */
async function bookableOrder(db: Services['db'], orderId: string, userId: string): Promise<OrderDetailRow> {
  const order = await findOrder(db, orderId);
  // The same 404 for another customer's order as for none: the answer tells nothing about others' orders.
  if (!order || order.user_id !== userId) throw new HttpError(404, NOT_FOUND_TEXT);
  if (!isServiceType(order.type) || !isCall(order.type)) throw new HttpError(409, NOT_A_CALL_TEXT);
  if (order.status === 'awaitingPayment' || order.paid_at === null) throw new HttpError(409, NOT_PAID_TEXT);
  if (order.status === 'scheduled') throw new HttpError(409, ALREADY_BOOKED_TEXT);
  if (order.status !== 'paid') throw new HttpError(409, ALREADY_DELIVERED_TEXT);
  return order;
}

function slotSettings(config: Services['config']): SlotSettings {
  return {
    timeZone: company.timeZone,
    callMinutes: config.CALL_MINUTES,
    bufferMinutes: config.CALL_BUFFER_MINUTES,
    noticeMinutes: config.BOOKING_NOTICE_MINUTES,
    horizonDays: config.BOOKING_HORIZON_DAYS,
  };
}

/**
 * The calls already booked, as each member's. No call has an assignee yet: until the booking step assigns one
 * member to each call, a booked call blocks every member, so no slot is offered that would overlap it.
 */
async function bookedCalls(db: Services['db'], memberIds: string[], settings: SlotSettings, now: Date) {
  const callMs = settings.callMinutes * MINUTE_MS;
  // A call that ended with its buffer before now can no longer touch a slot, which starts after now.
  const since = new Date(now.getTime() - callMs - settings.bufferMinutes * MINUTE_MS).toISOString();
  const starts = await listBookedCallStarts(db, since);
  return starts.flatMap((start): BookedCall[] => {
    const end = new Date(Date.parse(start) + callMs).toISOString();
    return memberIds.map((memberId) => ({ memberId, start, end }));
  });
}

/** The slots the order's call may be booked in, earliest first, and when its one-day promise ends. */
export async function orderSlots(
  { db, config, clock }: Pick<Services, 'db' | 'config' | 'clock'>,
  orderId: string,
  userId: string,
): Promise<SlotsResponse> {
  const order = await bookableOrder(db, orderId, userId);
  const now = clock.now();
  const settings = slotSettings(config);
  const hours = (await listStaffHours(db)).map((row) => hoursOf(row.member_id, row));
  const calls = await bookedCalls(
    db,
    hours.map((member) => member.memberId),
    settings,
    now,
  );
  return {
    timeZone: settings.timeZone,
    promiseEndsAt: promiseDeadline(order.paid_at!).toISOString(),
    slots: freeSlots({ hours, calls, settings, now: now.getTime() }),
  };
}
