/**
 * Stripe's side of a payment, as its webhook delivers it: a `checkout.session.completed` event for one of our
 * invoices, shaped like Stripe's own (the fields the server reads, and the ones it must check).
 */
import { ORDER } from './helpers';

let eventCounter = 0;

export function checkoutEvent(
  invoiceId: string,
  sessionId: string,
  overrides: { type?: string; id?: string; session?: Record<string, unknown> } = {},
) {
  eventCounter += 1;
  return {
    id: overrides.id ?? `evt_test_${eventCounter}`,
    object: 'event',
    type: overrides.type ?? 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'paid',
        status: 'complete',
        amount_total: ORDER.amount * 100,
        currency: 'gbp',
        client_reference_id: invoiceId,
        metadata: { invoiceId },
        ...overrides.session,
      },
    },
  };
}
