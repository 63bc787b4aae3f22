/**
 * The office side's shared vocabulary: roles, an order's statuses and the one-day promise, and the wire
 * shape of an invoice's order as the customer sees it. Used by the order machine, the server and the browser
 * alike (docs/product.md#orders). The office API's own shapes are in domain/officeContract.ts, so that the
 * customer's pages do not carry them.
 */
import { boolean, enums, type Infer, nullable, string, type } from 'superstruct';

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
  /**
   * Until when the customer may move or cancel the scheduled call themselves (ISO; null when none is
   * scheduled); whether they chose its time (docs/decisions/0042-customers-book-their-call.md).
   */
  changeUntil: nullable(string()),
  chosenByCustomer: boolean(),
  /** The office member who holds the scheduled call, by name, when one does. */
  callWith: nullable(string()),
});
export type OrderWire = Infer<typeof OrderWire>;
