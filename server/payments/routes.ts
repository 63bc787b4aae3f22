/**
 * /api/payments/stripe/webhook: Stripe's report of a finished Checkout. The signature is verified on the
 * raw body (read as text before anything parses it); each event id is recorded in payment_events in the
 * same transaction that applies it, so a replayed or re-delivered event is a no-op that still answers 200.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { paidEffects } from './mark-paid';
import { applyEventOnce, verifiedEvent } from './stripe-webhook';
import type { StripeProvider } from './stripe';
import type { Services } from '../services';

export function stripeWebhookRoutes(services: Services, stripe: StripeProvider) {
  const { db, clock } = services;
  const effects = paidEffects(services);
  const routes = new Hono<AppEnv>();

  routes.post('/webhook', async (c) => {
    // The raw text, exactly as sent: the signature covers these bytes, not a re-serialised object.
    const event = await verifiedEvent(stripe, await c.req.text(), c.req.header('stripe-signature') ?? '');
    await applyEventOnce(db, event, clock, effects, services.log);
    return c.json({ received: true }, 200);
  });

  return routes;
}
