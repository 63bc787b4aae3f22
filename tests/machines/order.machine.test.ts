import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { orderMachine, promiseDeadline } from '../../machines/order.machine';
import { describePathTests } from './pathTest';
import { orderSamples } from './samples';

// StrykerJS counts failed tests only: a machine whose paths cannot be explored must fail a test here, not
// this file's collection (which would leave the tests below unrun).
try {
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
} catch (error) {
  it('explores its paths', () => {
    throw error;
  });
}

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
    expect(paid('Video Meeting').can({ type: 'order.deliver' })).toBe(false);
  });
});
