/**
 * An order's life after it is placed (docs/product.md#orders): awaiting payment, paid, then either a call
 * (video meeting or phone call) scheduled (by the office, or booked by the customer, who may also cancel it
 * back to paid) and held, or a PDF report sent, and delivered. The one-day promise
 * is DELIVERY_PROMISE_MS after payment: a call set later than that needs a reason the customer is told. A call
 * is marked delivered only from its start on; the time of each change comes with its event, never from a clock.
 *
 * A pure machine (no actors, no delays): the server loads an order's state and context from its row and asks
 * `snapshot.can(event)` before it writes, and the office page asks the same before it offers an action, so the
 * two cannot disagree about what may happen next (docs/decisions/0011-orders-as-a-statechart.md).
 */
import { and, assign, setup } from 'xstate';
import type { ServiceType } from '#domain/contract';
import { DELIVERY_PROMISE_MS, type OrderStatus } from '#domain/orders';

export type { OrderStatus };

export interface OrderContext {
  type: ServiceType;
  /** ISO time of the payment; null while awaiting it. */
  paidAt: string | null;
  /** The call's ISO time, once scheduled. */
  scheduledAt: string | null;
}

export type OrderEvent =
  | { type: 'order.paid'; at: string }
  /** A call's time (ISO), how to join, and why it is later than the promise (required only then). */
  | { type: 'order.schedule'; at: string; join: string; reason: string | null }
  /**
   * The customer books (or moves) the call at `at` (ISO), from the slots offered: any of them, later than the
   * promise too, since they chose it (docs/decisions/0042-customers-book-their-call.md).
   */
  | { type: 'order.book'; at: string }
  /** The customer cancels the booked call: the order waits for a time again. */
  | { type: 'order.cancelBooking' }
  | { type: 'order.sendReport' }
  /** Marked delivered at `at` (ISO, the moment the office does it): a call only once its time has come. */
  | { type: 'order.deliver'; at: string };

export function isCall(type: ServiceType): boolean {
  return type === 'Video Meeting' || type === 'Phone Call';
}

/** When the one-day promise of an order paid at `paidAt` runs out. */
export function promiseDeadline(paidAt: string): Date {
  return new Date(Date.parse(paidAt) + DELIVERY_PROMISE_MS);
}

export const orderMachine = setup({
  types: {} as {
    context: OrderContext;
    events: OrderEvent;
    input: OrderContext;
  },
  guards: {
    isCall: ({ context }) => isCall(context.type),
    isReport: ({ context }) => !isCall(context.type),
    /** A call within the promise, or a later one with a reason given. */
    keepsPromiseOrExplains: ({ context, event }) => {
      if (event.type !== 'order.schedule' || context.paidAt === null) return false;
      const explained = event.reason !== null && event.reason.trim().length > 0;
      return Date.parse(event.at) <= promiseDeadline(context.paidAt).getTime() || explained;
    },
    /** A call is delivered once it has taken place: not before its scheduled start. */
    callTimeReached: ({ context, event }) =>
      event.type === 'order.deliver' &&
      context.scheduledAt !== null &&
      Date.parse(event.at) >= Date.parse(context.scheduledAt),
  },
  actions: {
    recordPayment: assign({ paidAt: ({ event }) => (event.type === 'order.paid' ? event.at : null) }),
    recordSchedule: assign({
      scheduledAt: ({ context, event }) =>
        event.type === 'order.schedule' || event.type === 'order.book' ? event.at : context.scheduledAt,
    }),
    forgetSchedule: assign({ scheduledAt: null }),
  },
}).createMachine({
  id: 'order',
  context: ({ input }) => input,
  initial: 'awaitingPayment',
  states: {
    awaitingPayment: {
      on: { 'order.paid': { target: 'paid', actions: 'recordPayment' } },
    },
    /** Paid and waiting for the office: a call to schedule, or a report to send. */
    paid: {
      on: {
        'order.schedule': {
          guard: and(['isCall', 'keepsPromiseOrExplains']),
          target: 'scheduled',
          actions: 'recordSchedule',
        },
        'order.book': { guard: 'isCall', target: 'scheduled', actions: 'recordSchedule' },
        'order.sendReport': { guard: 'isReport', target: 'reportSent' },
      },
    },
    /** The call has a time and a way to join; it may be moved until it is held. */
    scheduled: {
      on: {
        'order.schedule': { guard: 'keepsPromiseOrExplains', target: 'scheduled', actions: 'recordSchedule' },
        'order.book': { target: 'scheduled', actions: 'recordSchedule' },
        'order.cancelBooking': { target: 'paid', actions: 'forgetSchedule' },
        'order.deliver': { guard: 'callTimeReached', target: 'delivered' },
      },
    },
    /** The PDF report went to the customer by e-mail; the consultant then marks the order delivered. */
    reportSent: {
      on: {
        'order.sendReport': { target: 'reportSent' },
        'order.deliver': 'delivered',
      },
    },
    delivered: { type: 'final' },
  },
});
