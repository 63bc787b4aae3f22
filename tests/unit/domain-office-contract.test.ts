/**
 * The office API's wire contract (domain/officeContract.ts; docs/product.md#orders): a call's time must carry its
 * offset, the scheduling request's limits, and the shapes of orders, their audit trail and the staff list.
 */
import { describe, expect, it } from 'vitest';
import {
  GrantRequest,
  OFFICE_VIEWS,
  OfficeOrderResponse,
  OfficeOrdersResponse,
  ScheduleRequest,
  StaffResponse,
} from '#domain/officeContract';
import { JOIN_MAX, REASON_MAX } from '#domain/orders';
import { refusal } from './contract-structs';

/** A copy of `value` without the key at the dotted `path`. */
function without(value: unknown, path: string): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  const keys = path.split('.');
  const parent = keys.slice(0, -1).reduce((node, key) => node[key] as Record<string, unknown>, copy);
  delete parent[keys.at(-1)!];
  return copy;
}

const schedule = { at: '2026-06-10T13:00:00.000Z', join: 'https://meet.jit.si/abc' };

describe('scheduling a call (POST /api/office/orders/:id/schedule)', () => {
  it.each([
    '2026-06-10T13:00:00.000Z',
    '2026-06-10T14:00+01:00',
    '2026-06-10T08:00-05:00',
    '2026-06-10T13:00:30Z',
    '2026-06-10T13:00:30.5Z',
    '2026-06-10T13:00:30.123456789+02:00',
    '2028-02-29T23:30-05:00',
  ])('takes %s, a time with its offset', (at) => {
    expect(refusal(ScheduleRequest, { ...schedule, at })).toBe(undefined);
  });

  it.each([
    ['without an offset, read in the server’s own zone', '2026-06-10T13:00'],
    ['with an expanded year', '+002026-06-10T13:00Z'],
    ['with a space for the T', '2026-06-10 13:00Z'],
    ['with ten digits of a second', '2026-06-10T13:00:00.1234567891Z'],
    ['with an offset without its colon', '2026-06-10T13:00+0100'],
    ['in a month that does not exist', '2026-13-01T13:00Z'],
    ['on a day that does not exist, which Date.parse reads as 2 March', '2026-02-30T10:00Z'],
    ['on 31 April, with an offset', '2026-04-31T10:00+01:00'],
    ['as words', 'tomorrow at one'],
  ])('refuses a time %s', (_, at) => {
    expect(refusal(ScheduleRequest, { ...schedule, at })).toEqual({
      path: 'at',
      refinement: 'IsoTime',
      message: 'must be a date and time',
    });
  });

  it('takes a way to join of 1 to 500 characters, and a reason of up to 500, null or none', () => {
    expect([JOIN_MAX, REASON_MAX]).toEqual([500, 500]);
    for (const reason of [undefined, null, '', 'r'.repeat(500)]) {
      expect(refusal(ScheduleRequest, { ...schedule, join: 'j'.repeat(500), reason })).toBe(undefined);
    }
    expect(refusal(ScheduleRequest, { ...schedule, join: '' })).toMatchObject({ path: 'join', refinement: 'size' });
    expect(refusal(ScheduleRequest, { ...schedule, join: 'j'.repeat(501) })).toMatchObject({ path: 'join' });
    expect(refusal(ScheduleRequest, { ...schedule, reason: 'r'.repeat(501) })).toMatchObject({ path: 'reason' });
    expect(refusal(ScheduleRequest, { join: schedule.join })).toMatchObject({ path: 'at' });
  });
});

const person = { name: 'Cy', email: 'cy@example.com' };
const order = {
  id: 'o1',
  status: 'scheduled',
  customer: person,
  service: { title: 'Audit', type: 'video', url: '/services/audit' },
  amount: 120,
  createdAt: '2026-11-23T10:00:00.000Z',
  paidAt: '2026-11-23T10:05:00.000Z',
  deadline: '2026-11-24T10:05:00.000Z',
  scheduledAt: '2026-11-24T09:00:00.000Z',
  join: 'https://meet.jit.si/abc',
  callWith: { id: 'm1', name: 'Olive Office' },
  chosenByCustomer: true,
  customerTimeZone: 'Asia/Tokyo',
  lateReason: null,
  deliveredAt: null,
  reportName: null,
  document: { number: 'INV-1', url: '/api/office/orders/o1/document' },
  audit: [{ at: '2026-11-23T10:05:00.000Z', from: 'awaitingPayment', to: 'paid', by: { ...person }, note: null }],
};

describe('an order as the office reads it', () => {
  it('takes an order, one with nothing yet, and a list of them', () => {
    expect(refusal(OfficeOrderResponse, { order })).toBe(undefined);
    const fresh = { ...order, status: 'awaitingPayment', customer: null, callWith: null, document: null, audit: [] };
    expect(
      refusal(OfficeOrdersResponse, { orders: [order, { ...fresh, audit: [{ ...order.audit[0], by: null }] }] }),
    ).toBe(undefined);
  });

  it.each([
    'order.id',
    'order.customer.email',
    'order.service.url',
    'order.callWith.name',
    'order.document.number',
    'order.chosenByCustomer',
    'order.audit.0.to',
    'order.audit.0.by.name',
    'order.audit.0.note',
  ])('refuses one without %s', (path) => {
    expect(refusal(OfficeOrderResponse, without({ order }, path))).toMatchObject({ path });
  });

  it('refuses a list without its orders, and a status the order machine does not have', () => {
    expect(refusal(OfficeOrdersResponse, {})).toMatchObject({ path: 'orders' });
    expect(refusal(OfficeOrderResponse, {})).toMatchObject({ path: 'order' });
    expect(refusal(OfficeOrderResponse, { order: { ...order, status: 'cancelled' } })).toMatchObject({
      path: 'order.status',
    });
  });

  it('is listed under the office’s three tabs, in the order the page shows them', () => {
    expect(OFFICE_VIEWS).toEqual(['queue', 'unpaid', 'delivered']);
  });
});

describe('the staff', () => {
  const member = { id: 'm1', name: 'Olive Office', email: 'olive@example.com', role: 'office' };

  it('lists each member with a role, and refuses one without', () => {
    expect(refusal(StaffResponse, { staff: [member, { ...member, role: 'admin' }] })).toBe(undefined);
    expect(refusal(StaffResponse, { staff: [without(member, 'role')] })).toMatchObject({ path: 'staff.0.role' });
    expect(refusal(StaffResponse, {})).toMatchObject({ path: 'staff' });
  });

  it('grants the office role only, to an address', () => {
    expect(refusal(GrantRequest, { email: member.email, role: 'office' })).toBe(undefined);
    expect(refusal(GrantRequest, { email: member.email, role: 'admin' })).toMatchObject({ path: 'role' });
    expect(refusal(GrantRequest, { role: 'office' })).toMatchObject({ path: 'email' });
  });
});
