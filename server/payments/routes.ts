/**
 * /api/payments/stripe/webhook: Stripe's report of a finished Checkout. The signature is verified on the
 * raw body (read as text before anything parses it); each event id is recorded in payment_events in the
 * same transaction that applies it, so a replayed or re-delivered event is a no-op that still answers 200.
 */
import { Hono } from 'hono';
import type Stripe from 'stripe';
import type { AppEnv } from '../http/app-env';
import { HttpError } from '../http/errors';
import { paidEffects } from './markPaid';
import { applyEventOnce, isUsableEvent } from './stripe-webhook';
import type { StripeProvider } from './stripe';
import type { Services } from '../services';

export const BAD_SIGNATURE_TEXT = 'The webhook signature could not be verified.';
export const MALFORMED_EVENT_TEXT = 'The webhook event does not have the shape of a Stripe event.';

export function stripeWebhookRoutes(services: Services, stripe: StripeProvider) {
  const { db, clock } = services;
  const effects = paidEffects(services);
  const routes = new Hono<AppEnv>();

  routes.post('/webhook', async (c) => {
    // The raw text, exactly as sent: the signature covers these bytes, not a re-serialised object.
    const rawBody = await c.req.text();
    let event: Stripe.Event;
    try {
      event = await stripe.constructEvent(rawBody, c.req.header('stripe-signature') ?? '');
    } catch {
      throw new HttpError(400, BAD_SIGNATURE_TEXT);
    }
    if (!isUsableEvent(event)) throw new HttpError(400, MALFORMED_EVENT_TEXT);
    await applyEventOnce(db, event, clock, effects, services.log);
    return c.json({ received: true }, 200);
  });

  return routes;
}
