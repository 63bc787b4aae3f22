import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { orderMachine, promiseDeadline } from '#machines/order.machine';
import { describePathTests } from './pathTest';
import { orderSamples } from './samples';

describePathTests({
  machine: orderMachine,
  ...orderSamples,
  check: (snapshot) => {
    // Paid means a payment time; a scheduled call has a time within the promise or a reason (checked below).
    if (!snapshot.matches('awaitingPayment')) expect(snapshot.context.paidAt).not.toBeNull();
    if (snapshot.matches('scheduled')) expect(snapshot.context.scheduledAt).not.toBeNull();
    if (snapshot.matches('reportSent')) expect(snapshot.context.type).toBe('PDF Sent to Email');
  },
});

describe('the order machine', () => {
  const paid = (type: 'Video Meeting' | 'PDF Sent to Email') => {
    const actor = createActor(orderMachine, { input: { type, paidAt: null, scheduledAt: null } }).start();
    actor.send({ type: 'order.paid', at: '2026-11-23T09:00:00.000Z' });
    return actor.getSnapshot();
  };

  it('keeps the one-day promise: a call up to 24 hours after payment needs no reason, a later one does', () => {
    const snapshot = paid('Video Meeting');
    expect(promiseDeadline('2026-11-23T09:00:00.000Z').toISOString()).toBe('2026-11-24T09:00:00.000Z');
    const at = (iso: string, reason: string | null) =>
      snapshot.can({ type: 'order.schedule', at: iso, join: 'https://meet.example/x', reason });
    expect(at('2026-11-24T09:00:00.000Z', null)).toBe(true);
    expect(at('2026-11-24T09:00:00.001Z', null)).toBe(false);
    expect(at('2026-11-24T09:00:00.001Z', ' ')).toBe(false);
    expect(at('2026-11-24T09:00:00.001Z', 'The customer asked for Thursday')).toBe(true);
  });

  it('offers a report order no call, and a call order no report', () => {
    expect(
      paid('PDF Sent to Email').can({
        type: 'order.schedule',
        at: '2026-11-23T10:00:00.000Z',
        join: 'x',
        reason: null,
      }),
    ).toBe(false);
    expect(paid('PDF Sent to Email').can({ type: 'order.sendReport' })).toBe(true);
    expect(paid('Video Meeting').can({ type: 'order.sendReport' })).toBe(false);
    expect(paid('Video Meeting').can({ type: 'order.deliver', at: '2026-11-24T09:00:00.000Z' })).toBe(false);
  });
});

describe('the order machine: what it records', () => {
  const PAID = '2026-11-23T09:00:00.000Z';
  const placed = (type: 'Phone Call' | 'Video Meeting' | 'PDF Sent to Email') =>
    createActor(orderMachine, { input: { type, paidAt: null, scheduledAt: null } }).start();
  const schedule = (at: string, reason: string | null = null) =>
    ({ type: 'order.schedule', at, join: 'Phone: +44 20 7946 0000', reason }) as const;

  it('a phone call is a call: it is scheduled, moved, and delivered, recording each time', () => {
    const actor = placed('Phone Call');
    actor.send({ type: 'order.paid', at: PAID });
    expect(actor.getSnapshot().context).toEqual({ type: 'Phone Call', paidAt: PAID, scheduledAt: null });
    expect(actor.getSnapshot().can({ type: 'order.sendReport' })).toBe(false);
    actor.send(schedule('2026-11-23T15:00:00.000Z'));
    expect(actor.getSnapshot().value).toBe('scheduled');
    expect(actor.getSnapshot().context.scheduledAt).toBe('2026-11-23T15:00:00.000Z');
    // Moved within the promise, then later with a reason; a later time without one is refused.
    actor.send(schedule('2026-11-23T17:00:00.000Z'));
    expect(actor.getSnapshot().context.scheduledAt).toBe('2026-11-23T17:00:00.000Z');
    expect(actor.getSnapshot().can(schedule('2026-11-25T10:00:00.000Z'))).toBe(false);
    actor.send(schedule('2026-11-25T10:00:00.000Z', 'The customer is away'));
    expect(actor.getSnapshot().value).toBe('scheduled');
    expect(actor.getSnapshot().context).toEqual({
      type: 'Phone Call',
      paidAt: PAID,
      scheduledAt: '2026-11-25T10:00:00.000Z',
    });
    // Not before the call's start; from it on.
    actor.send({ type: 'order.deliver', at: '2026-11-25T09:59:59.999Z' });
    expect(actor.getSnapshot().value).toBe('scheduled');
    actor.send({ type: 'order.deliver', at: '2026-11-25T10:00:00.000Z' });
    expect(actor.getSnapshot().value).toBe('delivered');
  });

  it('a report may be sent again before it is delivered', () => {
    const actor = placed('PDF Sent to Email');
    actor.send({ type: 'order.paid', at: PAID });
    actor.send({ type: 'order.sendReport' });
    expect(actor.getSnapshot().can({ type: 'order.sendReport' })).toBe(true);
    actor.send({ type: 'order.sendReport' });
    expect(actor.getSnapshot().value).toBe('reportSent');
    expect(actor.getSnapshot().context).toEqual({ type: 'PDF Sent to Email', paidAt: PAID, scheduledAt: null });
    // A report is delivered whenever the office says so: there is no call to wait for.
    actor.send({ type: 'order.deliver', at: PAID });
    expect(actor.getSnapshot().value).toBe('delivered');
  });

  it('a row that says paid without a payment time schedules nothing, whatever the reason', () => {
    // The server rebuilds the snapshot from the order's row (server/orders/machine.ts).
    const snapshot = orderMachine.resolveState({
      value: 'paid',
      context: { type: 'Video Meeting', paidAt: null, scheduledAt: null },
    });
    expect(snapshot.can(schedule('2026-11-23T15:00:00.000Z', 'A reason'))).toBe(false);
  });

  it('a call is not delivered before it takes place, however long ago it was paid', () => {
    const call = orderMachine.resolveState({
      value: 'scheduled',
      context: { type: 'Video Meeting', paidAt: PAID, scheduledAt: '2026-11-26T15:00:00.000Z' },
    });
    expect(call.can({ type: 'order.deliver', at: '2026-11-23T10:00:00.000Z' })).toBe(false);
    expect(call.can({ type: 'order.deliver', at: '2026-11-26T14:59:00.000Z' })).toBe(false);
    expect(call.can({ type: 'order.deliver', at: '2026-11-26T15:00:00.000Z' })).toBe(true);
    // A scheduled row without its time is damaged: nothing says the call took place.
    const damaged = orderMachine.resolveState({
      value: 'scheduled',
      context: { type: 'Video Meeting', paidAt: PAID, scheduledAt: null },
    });
    expect(damaged.can({ type: 'order.deliver', at: '2026-12-01T00:00:00.000Z' })).toBe(false);
  });

  it('a customer books any offered time, moves it and cancels it; the order then waits for a time again', () => {
    const actor = placed('Video Meeting');
    actor.send({ type: 'order.paid', at: PAID });
    // Booked by the customer: later than the promise needs no reason, they chose it.
    actor.send({ type: 'order.book', at: '2026-11-27T10:00:00.000Z' });
    expect(actor.getSnapshot().value).toBe('scheduled');
    expect(actor.getSnapshot().context.scheduledAt).toBe('2026-11-27T10:00:00.000Z');
    actor.send({ type: 'order.book', at: '2026-11-28T11:00:00.000Z' });
    expect(actor.getSnapshot().value).toBe('scheduled');
    expect(actor.getSnapshot().context.scheduledAt).toBe('2026-11-28T11:00:00.000Z');
    actor.send({ type: 'order.cancelBooking' });
    expect(actor.getSnapshot().value).toBe('paid');
    expect(actor.getSnapshot().context).toEqual({ type: 'Video Meeting', paidAt: PAID, scheduledAt: null });
    // Nothing to deliver until a time is set again.
    expect(actor.getSnapshot().can({ type: 'order.deliver', at: '2026-12-01T00:00:00.000Z' })).toBe(false);
    // A report order has no call to book.
    const report = placed('PDF Sent to Email');
    report.send({ type: 'order.paid', at: PAID });
    expect(report.getSnapshot().can({ type: 'order.book', at: '2026-11-23T15:00:00.000Z' })).toBe(false);
  });
});
