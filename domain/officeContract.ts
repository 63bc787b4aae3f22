/**
 * The wire shapes of the office API (/api/office/*): orders with their audit trail, scheduling, and staff.
 * Only the server and the office page import this file (docs/product.md#orders).
 */
import { array, boolean, enums, type Infer, nullable, number, optional, refine, size, string, type } from 'superstruct';
import { GRANTABLE_ROLES, JOIN_MAX, ORDER_STATUSES, REASON_MAX, ROLES } from './orders';

/**
 * An ISO 8601 date and time WITH its offset ("2026-06-10T13:00:00.000Z", "2026-06-10T14:00+01:00"): a time
 * without one would be read in whatever zone the server runs in.
 */
const ISO_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const IsoTime = refine(string(), 'IsoTime', (value) => {
  // Date.parse rolls a day that does not exist over ('2026-02-30' reads as 2 March): the date must read back.
  const date = value.slice(0, 10);
  const dayExists = () => new Date(Date.parse(`${date}T00:00Z`)).toISOString().startsWith(date);
  return (ISO_TIME_PATTERN.test(value) && !Number.isNaN(Date.parse(value)) && dayExists()) || 'must be a date and time';
});

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
  /** The office member who holds the call, once one does (docs/decisions/0042-customers-book-their-call.md). */
  callWith: nullable(type({ id: string(), name: string() })),
  /** Whether the customer chose the call's time: a time after the promise is then theirs, and needs no reason. */
  chosenByCustomer: boolean(),
  /** The customer's IANA zone, as their browser gave it when they booked; null when the office set the time. */
  customerTimeZone: nullable(string()),
  lateReason: nullable(string()),
  deliveredAt: nullable(string()),
  /** The report's file name, once a PDF was sent. */
  reportName: nullable(string()),
  /** The invoice document issued at payment, and where the office downloads it; null unpaid. */
  document: nullable(type({ number: string(), url: string() })),
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
