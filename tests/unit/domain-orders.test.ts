/**
 * The orders' shared vocabulary (domain/orders.ts): who is staff, the promise and its reminder, the upload's limit,
 * and the order as an invoice card receives it (docs/product.md#orders).
 */
import { is } from 'superstruct';
import { describe, expect, it } from 'vitest';
import {
  DELIVERY_PROMISE_MS,
  GRANTABLE_ROLES,
  JOIN_MAX,
  ORDER_STATUSES,
  OrderWire,
  PROMISE_REMINDER_BEFORE_MS,
  REASON_MAX,
  REPORT_MAX_BYTES,
  ROLES,
  isStaff,
} from '#domain/orders';

const HOUR = 60 * 60 * 1000;

const scheduled: OrderWire = {
  status: 'scheduled',
  scheduledAt: '2025-05-02T09:00:00.000Z',
  join: 'https://meet.example/abc',
  lateReason: null,
  deliveredAt: null,
  reportURL: null,
  calendarURL: '/api/invoices/1/calendar.ics',
  changeUntil: '2025-05-01T09:00:00.000Z',
  chosenByCustomer: true,
  callWith: 'Olive Office',
};

const paid: OrderWire = {
  ...scheduled,
  status: 'paid',
  scheduledAt: null,
  join: null,
  calendarURL: null,
  changeUntil: null,
  chosenByCustomer: false,
  callWith: null,
};

describe('the roles', () => {
  it('every account is common, office or admin; an admin grants the office role only', () => {
    expect(ROLES).toEqual(['common', 'office', 'admin']);
    expect(GRANTABLE_ROLES).toEqual(['office']);
  });

  it('office and admin accounts are staff, no other', () => {
    expect(isStaff('office')).toBe(true);
    expect(isStaff('admin')).toBe(true);
    expect(isStaff('common')).toBe(false);
    expect(isStaff(undefined)).toBe(false);
  });
});

describe('the numbers of an order', () => {
  it('the promise is one day after payment; the reminder four hours before it', () => {
    // docs/product.md#constants: "DELIVERY_PROMISE_MS (24 hours); the office's reminder
    // PROMISE_REMINDER_BEFORE_MS (4 hours) before it".
    expect(DELIVERY_PROMISE_MS).toBe(24 * HOUR);
    expect(DELIVERY_PROMISE_MS).toBe(86_400_000);
    expect(PROMISE_REMINDER_BEFORE_MS).toBe(4 * HOUR);
  });

  it('a report may be 10 MB; a way to join and a reason 500 characters', () => {
    // docs/architecture.md: "the office's report upload: REPORT_MAX_BYTES (10 MB)".
    expect(REPORT_MAX_BYTES).toBe(10_485_760);
    expect([JOIN_MAX, REASON_MAX]).toEqual([500, 500]);
  });

  it('an order goes through its five statuses in order', () => {
    expect(ORDER_STATUSES).toEqual(['awaitingPayment', 'paid', 'scheduled', 'reportSent', 'delivered']);
  });
});

describe("an invoice's order on the wire", () => {
  it('takes a scheduled and a paid order, and keys it does not know', () => {
    expect(is(scheduled, OrderWire)).toBe(true);
    expect(is(paid, OrderWire)).toBe(true);
    for (const status of ORDER_STATUSES) expect(is({ ...paid, status }, OrderWire)).toBe(true);
    // `type`, not `object`: a newer server may add a field without breaking an older page.
    expect(is({ ...paid, addedLater: 1 }, OrderWire)).toBe(true);
  });

  it('refuses an unknown status', () => {
    expect(is({ ...paid, status: 'cancelled' }, OrderWire)).toBe(false);
    expect(is({ ...paid, status: 'Paid' }, OrderWire)).toBe(false);
  });

  it.each(Object.keys(scheduled))('refuses the order without %s, or with a number there', (key) => {
    const { [key]: _, ...without } = scheduled as Record<string, unknown>;
    expect(is(without, OrderWire)).toBe(false);
    expect(is({ ...scheduled, [key]: 1 }, OrderWire)).toBe(false);
  });

  it('whether the customer chose the time is a yes or no, never null', () => {
    expect(is({ ...scheduled, chosenByCustomer: null }, OrderWire)).toBe(false);
    expect(is({ ...scheduled, chosenByCustomer: 'true' }, OrderWire)).toBe(false);
  });
});
