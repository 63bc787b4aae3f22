/** What the office page says about an order: its status, and how it stands against the one-day promise. */
import { staffDeliveryLabel } from '#domain/catalogue/delivery';
import { company } from '#domain/company';
import { SERVICE_TYPES, type ServiceType } from '#domain/contract';
import { type OrderStatus, PROMISE_REMINDER_BEFORE_MS } from '#domain/orders';
import { type OfficeOrder } from '#domain/officeContract';
import { promiseDeadline } from '#machines/order.machine';
import { formatSpan } from '#src/common/orderTime';

export const STATUS_LABELS: Record<OrderStatus, string> = {
  awaitingPayment: 'Awaiting payment',
  paid: 'Paid',
  scheduled: 'Scheduled',
  reportSent: 'Report sent',
  delivered: 'Delivered',
};

/** A delivery type in the office's words ("Report by e-mail (PDF)"), or the wire's text for an unknown one. */
export function deliveryLabel(type: string): string {
  return (SERVICE_TYPES as readonly string[]).includes(type) ? staffDeliveryLabel(type as ServiceType) : type;
}

/** The order's delivery type in the office's words. */
export function deliveryOf(order: OfficeOrder): string {
  return deliveryLabel(order.service.type);
}

function deadlineOf(order: OfficeOrder): number | null {
  if (order.deadline) return Date.parse(order.deadline);
  return order.paidAt ? promiseDeadline(order.paidAt).getTime() : null;
}

/**
 * On track, within the last hours before the promise runs out (when the office is reminded), past it, a call
 * booked after it (with the reason the customer was given: no countdown to keep), or delivered.
 */
type Urgency = 'onTrack' | 'soon' | 'overdue' | 'bookedLate' | 'done';

export const BOOKED_LATE_TEXT = 'Call booked after the promise';
/** The same for a time the customer chose themselves (docs/decisions/0042-customers-book-their-call.md). */
export const CHOSEN_LATE_TEXT = 'Customer chose a time after the promise';

export interface PromiseStanding {
  text: string;
  urgency: Urgency;
}

/**
 * "5 h 12 min left", "Overdue by 2 h", "Call booked after the promise" (or "Customer chose a time after the
 * promise"), "Delivered on time", "Delivered 3 h late"; null before payment.
 */
export function promiseStanding(order: OfficeOrder, now: number): PromiseStanding | null {
  const deadline = deadlineOf(order);
  if (deadline === null || order.status === 'awaitingPayment') return null;
  if (order.status === 'delivered') {
    const late = order.deliveredAt ? Date.parse(order.deliveredAt) - deadline : 0;
    return { text: late > 0 ? `Delivered ${formatSpan(late)} late` : 'Delivered on time', urgency: 'done' };
  }
  // The countdown would say the promise is kept while the call it waits for is later than it.
  if (order.status === 'scheduled' && callAfterPromise(order)) {
    return { text: order.chosenByCustomer ? CHOSEN_LATE_TEXT : BOOKED_LATE_TEXT, urgency: 'bookedLate' };
  }
  const left = deadline - now;
  if (left <= 0) return { text: `Overdue by ${formatSpan(left)}`, urgency: 'overdue' };
  return { text: `${formatSpan(left)} left`, urgency: left <= PROMISE_REMINDER_BEFORE_MS ? 'soon' : 'onTrack' };
}

/** Whether the order's call is set later than its one-day promise. */
export function callAfterPromise(order: OfficeOrder): boolean {
  const deadline = deadlineOf(order);
  return deadline !== null && order.scheduledAt !== null && Date.parse(order.scheduledAt) > deadline;
}

/**
 * The call's "how to join" as a link, when it is a web address (http or https only: a `javascript:` or any
 * other scheme stays plain text, as does a phone number or a description); null otherwise.
 */
export function joinHref(join: string | null): string | null {
  const text = join?.trim() ?? '';
  if (!/^https?:\/\//i.test(text)) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

const callFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: company.timeZone,
  timeZoneName: 'short',
});

/** "Mon, 5 Jan 2026, 14:00 – 14:45 GMT": a call from its start to its end (ISO), on the company's clock. */
export function callTimeText(call: { start: string; end: string }): string {
  return callFormat.formatRange(new Date(call.start), new Date(call.end));
}
