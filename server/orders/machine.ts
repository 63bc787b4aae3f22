/**
 * The server's side of the order machine (docs/decisions/0011-orders-as-a-statechart.md): an order's row is
 * turned back into the machine's snapshot, and a change is written only when `snapshot.can(event)`. The
 * machine alone decides; the texts here only tell the office, in words, why it said no.
 */
import { transition } from 'xstate';
import type { ServiceType } from '#domain/contract';
import { isServiceType } from '#domain/catalogue/delivery';
import type { OrderStatus } from '#domain/orders';
import { type OrderEvent, isCall, orderMachine, promiseDeadline } from '#machines/order.machine';
import { HttpError } from '../http/errors';
import { formatCallTime } from '../mail/time';

/** What the machine reads of an order. */
export interface OrderState {
  status: OrderStatus;
  type: ServiceType;
  paidAt: string | null;
  scheduledAt: string | null;
}

/** An order's row as the machine reads it. */
export function orderStateOf(order: {
  id: string;
  type: string;
  status: OrderStatus;
  paid_at: string | null;
  scheduled_at: string | null;
}): OrderState {
  // Invoices are only ever made with one of the contract's types; anything else is a damaged row.
  if (!isServiceType(order.type)) throw new Error(`Invoice ${order.id} has an unknown delivery type.`);
  return { status: order.status, type: order.type, paidAt: order.paid_at, scheduledAt: order.scheduled_at };
}

function orderSnapshot(order: OrderState) {
  return orderMachine.resolveState({
    value: order.status,
    context: { type: order.type, paidAt: order.paidAt, scheduledAt: order.scheduledAt },
  });
}

export const NOT_PAID_TEXT = 'This order is not paid yet.';
export const ALREADY_DELIVERED_TEXT = 'This order was delivered already: it cannot change any more.';
export const NOT_A_CALL_TEXT = 'This order is a PDF report, not a call: there is nothing to schedule.';
export const NOT_A_REPORT_TEXT = 'This order is a call, not a PDF report: schedule the call instead.';
export const NOTHING_DELIVERED_TEXT = 'Schedule the call or send the report before marking the order delivered.';
/** "The call is on … : it can be marked delivered once it has started." */
export function callNotYetText(scheduledAt: Date): string {
  return `The call is on ${formatCallTime(scheduledAt)}: it can be marked delivered once it has started.`;
}
export const REFUSED_TEXT = 'That change is not possible for this order now.';

/** "…later than the one-day promise (…): please give the customer a reason." */
function reasonNeededText(deadline: Date): string {
  return `That time is later than the one-day promise (${formatCallTime(deadline)}): please give the customer a reason for the delay.`;
}

/** Why the machine refuses `event` for `order` (it did: this is called only after `can` said no). */
function refusalText(order: OrderState, event: OrderEvent): string {
  if (order.status === 'delivered') return ALREADY_DELIVERED_TEXT;
  if (order.status === 'awaitingPayment') return NOT_PAID_TEXT;
  switch (event.type) {
    case 'order.schedule':
      if (!isCall(order.type)) return NOT_A_CALL_TEXT;
      return order.paidAt ? reasonNeededText(promiseDeadline(order.paidAt)) : REFUSED_TEXT;
    case 'order.sendReport':
      return isCall(order.type) ? NOT_A_REPORT_TEXT : REFUSED_TEXT;
    case 'order.deliver':
      if (order.status === 'paid') return NOTHING_DELIVERED_TEXT;
      return order.status === 'scheduled' && order.scheduledAt
        ? callNotYetText(new Date(order.scheduledAt))
        : REFUSED_TEXT;
    default:
      return REFUSED_TEXT;
  }
}

/** The status `event` leads to; a 409 with the reason when the machine does not allow it. */
export function nextStatus(order: OrderState, event: OrderEvent): OrderStatus {
  const snapshot = orderSnapshot(order);
  if (!snapshot.can(event)) throw new HttpError(409, refusalText(order, event));
  // The machine's own next state: the route never decides where an event leads.
  const [next] = transition(orderMachine, snapshot, event);
  return next.value as OrderStatus;
}
