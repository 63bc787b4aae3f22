/**
 * The office side's shared vocabulary: roles, an order's statuses and the one-day promise, and the wire
 * shapes of the office API (/api/office/*) and of an invoice's order status. Used by the order machine, the
 * server and the browser alike (docs/product.md#orders).
 */
import { array, enums, type Infer, nullable, number, optional, refine, size, string, type } from 'superstruct';

/** Every account is one of these; only office and admin reach /office and /api/office. */
export const ROLES = ['common', 'office', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** The role an admin may grant or revoke in the office area (admins are made with `npm run roles`). */
export const GRANTABLE_ROLES = ['office'] as const;

export function isStaff(role: Role | undefined): boolean {
  return role === 'office' || role === 'admin';
}

/** "Delivered within one day after payment": the promise every paid order carries. */
export const DELIVERY_PROMISE_MS = 24 * 60 * 60 * 1000;
/** An order not yet scheduled or delivered this close to its deadline is e-mailed to the office again, once. */
export const PROMISE_REMINDER_BEFORE_MS = 4 * 60 * 60 * 1000;

export const ORDER_STATUSES = ['awaitingPayment', 'paid', 'scheduled', 'reportSent', 'delivered'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The largest report PDF the office may upload (it travels as an e-mail attachment). */
export const REPORT_MAX_BYTES = 10 * 1024 * 1024;
export const JOIN_MAX = 500;
export const REASON_MAX = 500;

/**
 * An ISO 8601 date and time WITH its offset ("2026-06-10T13:00:00.000Z", "2026-06-10T14:00+01:00"): a time
 * without one would be read in whatever zone the server runs in.
 */
const ISO_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const IsoTime = refine(
  string(),
  'IsoTime',
  (value) => (ISO_TIME_PATTERN.test(value) && !Number.isNaN(Date.parse(value))) || 'must be a date and time',
);

/** An invoice's order, as the customer sees it on the invoice card. */
export const OrderWire = type({
  status: enums(ORDER_STATUSES),
  /** The call's time (ISO), how to join it, and why it is later than promised, once scheduled. */
  scheduledAt: nullable(string()),
  join: nullable(string()),
  lateReason: nullable(string()),
  deliveredAt: nullable(string()),
  /** Where the PDF report downloads (signed in), once sent. */
  reportURL: nullable(string()),
  /** Where the call's calendar file (.ics) downloads, once scheduled. */
  calendarURL: nullable(string()),
});
export type OrderWire = Infer<typeof OrderWire>;

/** One change of an order's state, for the audit trail the office sees. */
export const OrderAuditEntry = type({
  at: string(),
  from: enums(ORDER_STATUSES),
  to: enums(ORDER_STATUSES),
  /** Who made it; null for the payment itself (the customer's checkout or the provider). */
  by: nullable(type({ name: string(), email: string() })),
  note: nullable(string()),
});
export type OrderAuditEntry = Infer<typeof OrderAuditEntry>;

export const OfficeOrder = type({
  id: string(),
  status: enums(ORDER_STATUSES),
  customer: nullable(type({ name: string(), email: string() })),
  service: type({ title: string(), type: string(), url: string() }),
  amount: number(),
  createdAt: string(),
  paidAt: nullable(string()),
  /** When the one-day promise runs out (paid orders). */
  deadline: nullable(string()),
  scheduledAt: nullable(string()),
  join: nullable(string()),
  lateReason: nullable(string()),
  deliveredAt: nullable(string()),
  /** The report's file name, once a PDF was sent. */
  reportName: nullable(string()),
  audit: array(OrderAuditEntry),
});
export type OfficeOrder = Infer<typeof OfficeOrder>;

/** GET /api/office/orders?view=queue|unpaid|delivered. */
export const OFFICE_VIEWS = ['queue', 'unpaid', 'delivered'] as const;
export type OfficeView = (typeof OFFICE_VIEWS)[number];
export const OfficeOrdersResponse = type({ orders: array(OfficeOrder) });
export type OfficeOrdersResponse = Infer<typeof OfficeOrdersResponse>;
export const OfficeOrderResponse = type({ order: OfficeOrder });

/** POST /api/office/orders/:id/schedule: a call's time, how to join, and a reason when later than promised. */
export const ScheduleRequest = type({
  at: IsoTime,
  join: size(string(), 1, JOIN_MAX),
  reason: optional(nullable(size(string(), 0, REASON_MAX))),
});
export type ScheduleRequest = Infer<typeof ScheduleRequest>;

export const StaffMember = type({ id: string(), name: string(), email: string(), role: enums(ROLES) });
export type StaffMember = Infer<typeof StaffMember>;
export const StaffResponse = type({ staff: array(StaffMember) });
/** POST /api/office/staff (admin): grant the office role to the account with this e-mail. */
export const GrantRequest = type({ email: string(), role: enums(GRANTABLE_ROLES) });
