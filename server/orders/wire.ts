/** The one place an order becomes the contract's shapes: the office's `OfficeOrder`, the customer's `OrderWire`. */
import type { OrderWire } from '#domain/orders';
import type { OfficeOrder, OrderAuditEntry } from '#domain/officeContract';
import { promiseDeadline } from '#machines/order.machine';
import type { Config } from '../config';
import type { OrdersTable } from '../db/schema';
import { penceToPounds } from './pence';
import type { AuditRow, OrderDetailRow } from './repository';

function toAuditEntry(row: AuditRow): OrderAuditEntry {
  return {
    at: row.at,
    from: row.from_status,
    to: row.to_status,
    by: row.actor_name !== null && row.actor_email !== null ? { name: row.actor_name, email: row.actor_email } : null,
    note: row.note,
  };
}

export function toOfficeOrder(row: OrderDetailRow, audit: AuditRow[]): OfficeOrder {
  return {
    id: row.id,
    status: row.status,
    customer:
      row.customer_name !== null && row.customer_email !== null
        ? { name: row.customer_name, email: row.customer_email }
        : null,
    service: { title: row.title, type: row.type, url: row.url },
    amount: penceToPounds(row.amount_pence),
    createdAt: row.created_at,
    paidAt: row.paid_at,
    deadline: row.paid_at !== null ? promiseDeadline(row.paid_at).toISOString() : null,
    scheduledAt: row.scheduled_at,
    join: row.join_info,
    callWith:
      row.call_member_id !== null && row.call_member_name !== null
        ? { id: row.call_member_id, name: row.call_member_name }
        : null,
    chosenByCustomer: row.call_chosen_by_customer === 1,
    customerTimeZone: row.call_customer_zone,
    lateReason: row.late_reason,
    deliveredAt: row.delivered_at,
    reportName: row.report_name,
    document: row.document_number
      ? { number: row.document_number, url: `/api/office/orders/${encodeURIComponent(row.id)}/invoice.pdf` }
      : null,
    audit: audit.filter((entry) => entry.invoice_id === row.id).map(toAuditEntry),
  };
}

/** What the customer's view of an order needs of the settings: how long before a call they may still change it. */
export interface BookingRules {
  changeCutoffMinutes: number;
}

export function bookingRules(config: Pick<Config, 'BOOKING_CHANGE_CUTOFF_MINUTES'>): BookingRules {
  return { changeCutoffMinutes: config.BOOKING_CHANGE_CUTOFF_MINUTES };
}

/** The last moment the customer may move or cancel a call at `scheduledAt` themselves (ISO). */
function changeUntil(scheduledAt: string, rules: BookingRules): string {
  return new Date(Date.parse(scheduledAt) - rules.changeCutoffMinutes * 60_000).toISOString();
}

/** What an invoice's customer sees of its order; the downloads are the owner's only (server/orders/routes.ts). */
export function toOrderWire(
  invoiceId: string,
  rules: BookingRules,
  order: Pick<OrdersTable, 'status' | 'scheduled_at' | 'join_info' | 'late_reason' | 'delivered_at' | 'report_name'> & {
    call_chosen_by_customer: number;
    /** The name of the office member who holds the call. */
    call_with: string | null;
  },
): OrderWire {
  const base = `/api/orders/${encodeURIComponent(invoiceId)}`;
  return {
    status: order.status,
    scheduledAt: order.scheduled_at,
    join: order.join_info,
    lateReason: order.late_reason,
    deliveredAt: order.delivered_at,
    reportURL: order.report_name !== null ? `${base}/report` : null,
    calendarURL: order.scheduled_at !== null ? `${base}/calendar.ics` : null,
    changeUntil:
      order.status === 'scheduled' && order.scheduled_at !== null ? changeUntil(order.scheduled_at, rules) : null,
    chosenByCustomer: order.call_chosen_by_customer === 1,
    callWith: order.status === 'scheduled' ? order.call_with : null,
  };
}
