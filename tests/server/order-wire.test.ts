/**
 * The two views of an order (server/orders/wire.ts) on their own: what each shows when a person behind it is
 * gone (a deleted customer, office member or actor) and when the customer may still change a call.
 */
import { describe, expect, it } from 'vitest';
import type { AuditRow, OrderDetailRow } from '#server/orders/repository';
import { toOfficeOrder, toOrderWire } from '#server/orders/wire';

const ROW: OrderDetailRow = {
  id: 'inv_1',
  user_id: 'user_1',
  title: 'Code review',
  type: 'review',
  url: '/services/code-review',
  amount_pence: 12_000,
  created_at: '2026-12-01T09:00:00.000Z',
  paid_at: '2026-12-01T09:05:00.000Z',
  provider: 'sandbox',
  status: 'scheduled',
  scheduled_at: '2026-12-02T15:00:00.000Z',
  join_info: 'https://meet.example.com/abc',
  late_reason: null,
  delivered_at: null,
  report_name: null,
  promise_reminded_at: null,
  customer_name: 'Ada Lovelace',
  customer_email: 'ada@example.com',
  document_number: null,
  call_member_id: 'user_9',
  call_member_name: 'Grace Hopper',
  call_chosen_by_customer: 1,
  call_customer_zone: 'Asia/Tokyo',
};

const AUDIT: AuditRow = {
  invoice_id: 'inv_1',
  from_status: 'paid',
  to_status: 'scheduled',
  note: null,
  at: '2026-12-01T10:00:00.000Z',
  actor_name: 'Grace Hopper',
  actor_email: 'grace@example.com',
};

describe('toOfficeOrder', () => {
  it('names the customer, the call holder and who changed the order', () => {
    const order = toOfficeOrder(ROW, [AUDIT]);
    expect(order.customer).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com' });
    expect(order.callWith).toEqual({ id: 'user_9', name: 'Grace Hopper' });
    expect(order.audit).toEqual([
      {
        at: AUDIT.at,
        from: 'paid',
        to: 'scheduled',
        by: { name: 'Grace Hopper', email: 'grace@example.com' },
        note: null,
      },
    ]);
  });

  it.each([
    ['both gone', null, null],
    ['only the name gone', null, 'x@example.com'],
    ['only the address gone', 'X', null],
  ])('shows no person where %s', (_, name, email) => {
    const order = toOfficeOrder(
      { ...ROW, customer_name: name, customer_email: email, call_member_id: email, call_member_name: name },
      [{ ...AUDIT, actor_name: name, actor_email: email }],
    );
    expect(order.customer).toBeNull();
    expect(order.callWith).toBeNull();
    expect(order.audit[0]?.by).toBeNull();
  });

  it("keeps only this order's audit entries", () => {
    expect(toOfficeOrder(ROW, [AUDIT, { ...AUDIT, invoice_id: 'inv_2' }]).audit).toHaveLength(1);
  });
});

describe('toOrderWire', () => {
  const rules = { changeCutoffMinutes: 120 };
  const order = { ...ROW, call_with: 'Grace Hopper' };

  it('lets a scheduled call be changed until the cut-off before it, and names who holds it', () => {
    const wire = toOrderWire('inv_1', rules, order);
    expect(wire.changeUntil).toBe('2026-12-02T13:00:00.000Z');
    expect(wire.callWith).toBe('Grace Hopper');
    expect(wire.calendarURL).toBe('/api/orders/inv_1/calendar.ics');
  });

  it('offers no change and names no one once the call is over', () => {
    const wire = toOrderWire('inv_1', rules, { ...order, status: 'delivered' });
    expect(wire.changeUntil).toBeNull();
    expect(wire.callWith).toBeNull();
    // The calendar file stays: the call did happen at that time.
    expect(wire.calendarURL).toBe('/api/orders/inv_1/calendar.ics');
  });

  it('offers no change to an order with no time', () => {
    expect(toOrderWire('inv_1', rules, { ...order, scheduled_at: null }).changeUntil).toBeNull();
  });
});
