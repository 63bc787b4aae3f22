/**
 * Whether a customer may book, move or cancel an order's call now (docs/product.md#booking-your-call): a paid
 * call order waiting for its time, or a scheduled one until BOOKING_CHANGE_CUTOFF_MINUTES before it. After the
 * cut-off only the office changes the call, and the answer says how to reach it.
 */
import { pastCutoffText } from '#domain/booking';
import { company } from '#domain/company';
import { isServiceType } from '#domain/catalogue/delivery';
import { isCall } from '#machines/order.machine';
import { HttpError } from '../http/errors';
import type { OrderDetailRow } from '../orders/repository';
import type { Services } from '../services';

export const NOT_A_CALL_TEXT = 'This order is a PDF report, not a call: there is no call to book.';
export const NOT_PAID_TEXT = 'This order is not paid yet: its call can be booked once it is.';
export const ALREADY_DELIVERED_TEXT = 'This order was delivered already: there is no call left to book.';

const MINUTE_MS = 60_000;

/** The last moment the customer may change a call at `scheduledAt` themselves. */
export function changeDeadline(scheduledAt: string, config: Services['config']): Date {
  return new Date(Date.parse(scheduledAt) - config.BOOKING_CHANGE_CUTOFF_MINUTES * MINUTE_MS);
}

/** A 409 with the reason, unless the customer may book or change the order's call at `now`. */
export function assertCustomerMayChange(order: OrderDetailRow, now: Date, config: Services['config']): void {
  if (!isServiceType(order.type) || !isCall(order.type)) throw new HttpError(409, NOT_A_CALL_TEXT);
  if (order.status === 'awaitingPayment' || order.paid_at === null) throw new HttpError(409, NOT_PAID_TEXT);
  if (order.status !== 'paid' && order.status !== 'scheduled') throw new HttpError(409, ALREADY_DELIVERED_TEXT);
  if (order.status === 'scheduled' && order.scheduled_at !== null) {
    if (now.getTime() >= changeDeadline(order.scheduled_at, config).getTime()) {
      throw new HttpError(409, pastCutoffText(config.BOOKING_CHANGE_CUTOFF_MINUTES, company.supportEmail));
    }
  }
}
